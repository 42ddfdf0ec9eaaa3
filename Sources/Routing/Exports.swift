// The OpenStreetMap data model (`OSMData`, `OSMReadError`, `RoadTags`, …) lives in `OSM`;
// `import Routing` keeps bringing it, as it did before the split, for callers that read a map
// and route on it.
@_exported import OSM
