// libgps (gpsd's client library) behind a flat interface Swift imports without the whole of
// struct gps_data_t: open, stream, wait, read one fix, close.
#include <errno.h>
#include <gps.h>
#include <math.h>
#include <stdlib.h>

/// One fix as the navigation code needs it; NaN where gpsd did not report a value.
typedef struct {
  int mode;           // MODE_NOT_SEEN, MODE_NO_FIX, MODE_2D, MODE_3D
  double time;        // UTC seconds since 1970
  double latitude;
  double longitude;
  double altitude;    // MSL meters
  double track;       // degrees from true north
  double speed;       // meters per second
  double eph;         // horizontal position error, meters
  double epx, epy;    // longitude / latitude error, meters
} navgps_fix;

static inline struct gps_data_t *navgps_open(const char *host, const char *port, int *error) {
  struct gps_data_t *data = (struct gps_data_t *)calloc(1, sizeof(struct gps_data_t));
  if (data == NULL) { *error = -1; return NULL; }
  int rc = gps_open(host, port, data);
  if (rc != 0) { *error = errno ? errno : rc; free(data); return NULL; }
  if (gps_stream(data, WATCH_ENABLE | WATCH_JSON, NULL) != 0) {
    *error = errno ? errno : -1;
    gps_close(data);
    free(data);
    return NULL;
  }
  *error = 0;
  return data;
}

static inline const char *navgps_errstr(int error) { return gps_errstr(error); }

/// 1 when data waits, 0 on timeout, -1 on error.
static inline int navgps_wait(struct gps_data_t *data, int microseconds) {
  errno = 0;
  if (gps_waiting(data, microseconds)) return 1;
  return errno ? -1 : 0;
}

/// Reads one message: 1 with `fix` filled when it carried a position, 0 when not, -1 on error
/// or when gpsd closed the connection.
static inline int navgps_read(struct gps_data_t *data, navgps_fix *fix) {
  if (gps_read(data, NULL, 0) <= 0) return -1;
  if (!(data->set & LATLON_SET) || data->fix.mode < MODE_2D) return 0;
  fix->mode = data->fix.mode;
  fix->time = (double)data->fix.time.tv_sec + (double)data->fix.time.tv_nsec * 1e-9;
  fix->latitude = data->fix.latitude;
  fix->longitude = data->fix.longitude;
  fix->altitude = data->fix.altMSL;
  fix->track = data->fix.track;
  fix->speed = data->fix.speed;
  fix->eph = data->fix.eph;
  fix->epx = data->fix.epx;
  fix->epy = data->fix.epy;
  data->set = 0;
  return 1;
}

static inline void navgps_close(struct gps_data_t *data) {
  if (data == NULL) return;
  (void)gps_stream(data, WATCH_DISABLE, NULL);
  gps_close(data);
  free(data);
}
