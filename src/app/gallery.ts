// The example designs of the gallery, as plain data: what the first screen shows (title, summary).
// Their texts, the files in examples/, come with the design model after the first paint
// (gallery-texts.ts). Each id is the file's name without .yaml (the store names issue positions
// `<id>.yaml:line:column`).

export interface GalleryEntry {
  /** Stable id used in links: `#/design/<id>`; also the example's file name without .yaml. */
  id: string;
  title: string;
  summary: string;
}

export const GALLERY: GalleryEntry[] = [
  {
    id: 'iot-multitenant',
    title: 'Multi-tenant IoT telemetry',
    summary: 'Tenant and device type promoted into the key, then the device and a reversed timestamp: the newest readings of a device come first.',
  },
  {
    id: 'weather-balloons-time-buckets-columns',
    title: 'Weather balloons: time buckets, new column per event',
    summary: 'A row per balloon, metric and week; each reading is a new column whose qualifier is the measured value.',
  },
  {
    id: 'weather-balloons-time-buckets-cells',
    title: 'Weather balloons: time buckets, new cells per event',
    summary: 'A row per balloon and week; each reading adds a timestamped cell to each measurement column, bounded by GC rules.',
  },
  {
    id: 'weather-balloons-single-timestamp-serialized',
    title: 'Weather balloons: single-timestamp rows, serialized',
    summary: 'A row per reading with the time last in the key; the whole reading is one protobuf cell.',
  },
  {
    id: 'weather-balloons-single-timestamp-unserialized',
    title: 'Weather balloons: single-timestamp rows, unserialized',
    summary: 'A row per reading with the time last in the key; one column per measurement.',
  },
  {
    id: 'chat-messages',
    title: 'Chat messages',
    summary: 'Room first, then a reversed timestamp and the message id: opening a room reads its newest messages in one short scan.',
  },
  {
    id: 'ad-counters',
    title: 'Ad counters',
    summary: 'Hourly impressions, clicks and spend in an aggregate (sum) family and unique viewers in an HLL family, per ad.',
  },
  {
    id: 'user-profiles',
    title: 'User profiles and affinities',
    summary: 'Profile attributes as columns and affinity scores as dynamic qualifiers; a hash salt spreads sequential user ids.',
  },
  {
    id: 'web-pages',
    title: 'Web pages (webtable)',
    summary: "Reversed host names keep an organisation's sites together; contents keep the last three crawls, anchors are qualifiers.",
  },
  {
    id: 'replicated-orders',
    title: 'Replicated orders (production)',
    summary: 'Two autoscaled clusters: shoppers through a multi-cluster app profile, check-and-mutate stock writes through a single-cluster transactional one.',
  },
  {
    id: 'tiered-sensor-archive',
    title: 'Tiered sensor archive',
    summary: 'Three years of readings; cells older than 60 days move to infrequent access storage, well before GC deletes them.',
  },
];
