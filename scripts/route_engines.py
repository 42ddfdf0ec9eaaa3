"""Build and serve Valhalla and OSRM on a map, on loopback, for the Routing tests.

Usage: python route_engines.py MAP.osm.pbf CACHE_DIR [osrm]
Prints one JSON line {"osrm": URL, "valhalla": URL} once both answer (with `osrm`, only OSRM is
built and started and the line has no "valhalla"), then serves until its standard input closes
(the test process exits), and stops the servers.
Parameters follow Tests/SharedTestData/Fixtures/README.md: OSRM MLD with car.lua; Valhalla default config with
mjolnir.data_processing.use_admin_db = false.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(cmd, log):
    with open(log, "a") as f:
        subprocess.run(cmd, check=True, stdout=f, stderr=subprocess.STDOUT)


def build_osrm(pbf, cache):
    import osrm
    base = Path(osrm.__file__).parent
    bins, profile = base / "bin", base / "share" / "profiles" / "car.lua"
    out = cache / "osrm"
    osrm_file = out / (pbf.name.replace(".osm.pbf", "") + ".osrm")
    if not (out / "done").exists():
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        shutil.copy(pbf, out / pbf.name)
        log = out / "build.log"
        run([str(bins / "osrm-extract"), "-p", str(profile), str(out / pbf.name)], log)
        run([str(bins / "osrm-partition"), str(osrm_file)], log)
        run([str(bins / "osrm-customize"), str(osrm_file)], log)
        (out / "done").write_text("ok")
    return bins / "osrm-routed", osrm_file


def build_valhalla(pbf, cache, port):
    import valhalla
    out = cache / "valhalla"
    if not (out / "done").exists():
        shutil.rmtree(out, ignore_errors=True)
    (out / "tiles").mkdir(parents=True, exist_ok=True)
    config = valhalla.get_config(tile_extract="", tile_dir=str(out / "tiles"))
    config["mjolnir"]["data_processing"]["use_admin_db"] = False
    config["httpd"]["service"]["listen"] = f"tcp://127.0.0.1:{port}"
    bins = Path(valhalla.__file__).parent / "bin"
    if not (out / "done").exists():
        (out / "config.json").write_text(json.dumps(config))
        log = out / "build.log"
        run([str(bins / "valhalla_build_tiles"), "-c", str(out / "config.json"), str(pbf)], log)
        (out / "done").write_text("ok")
    (out / "config.json").write_text(json.dumps(config))
    return bins / "valhalla_service", out / "config.json"


def wait(url, seconds=60):
    end = time.time() + seconds
    while time.time() < end:
        try:
            urllib.request.urlopen(url, timeout=2)
            return True
        except urllib.error.HTTPError:
            return True
        except Exception:
            time.sleep(0.2)
    return False


def main():
    pbf, cache = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    only_osrm = sys.argv[3:] == ["osrm"]
    cache.mkdir(parents=True, exist_ok=True)
    routed, osrm_file = build_osrm(pbf, cache)
    osrm_port, valhalla_port = free_port(), free_port()
    logs = open(cache / "servers.log", "a")
    procs = [
        subprocess.Popen([str(routed), "--algorithm", "mld", "--ip", "127.0.0.1", "--port",
                          str(osrm_port), str(osrm_file)], stdin=subprocess.DEVNULL,
                         stdout=logs, stderr=logs),
    ]
    if not only_osrm:
        service, config = build_valhalla(pbf, cache, valhalla_port)
        procs.append(subprocess.Popen([str(service), str(config), "1"], stdin=subprocess.DEVNULL,
                                      stdout=logs, stderr=logs))
    try:
        osrm_url, valhalla_url = f"http://127.0.0.1:{osrm_port}", f"http://127.0.0.1:{valhalla_port}"
        ok = wait(osrm_url + "/route/v1/driving/7.4168,43.7296;7.4275,43.7394") and \
            (only_osrm or wait(valhalla_url + "/status"))
        urls = {"osrm": osrm_url} if only_osrm else {"osrm": osrm_url, "valhalla": valhalla_url}
        print(json.dumps(urls if ok else {"error": "the servers did not answer within 60 s"}),
              flush=True)
        sys.stdin.read()
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=2)
            except subprocess.TimeoutExpired:
                p.kill()


if __name__ == "__main__":
    main()
