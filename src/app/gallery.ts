// The example designs of the gallery: the files in examples/, imported as text with Vite's
// `?raw` suffix so the gallery shows exactly what a user can download and edit. Each id is the
// file's name without .yaml (the store names issue positions `<id>.yaml:line:column`).
import iotMultitenant from '../../examples/iot-multitenant.yaml?raw';
import weatherColumns from '../../examples/weather-balloons-time-buckets-columns.yaml?raw';
import weatherCells from '../../examples/weather-balloons-time-buckets-cells.yaml?raw';
import weatherSerialized from '../../examples/weather-balloons-single-timestamp-serialized.yaml?raw';
import weatherUnserialized from '../../examples/weather-balloons-single-timestamp-unserialized.yaml?raw';
import chatMessages from '../../examples/chat-messages.yaml?raw';
import adCounters from '../../examples/ad-counters.yaml?raw';
import userProfiles from '../../examples/user-profiles.yaml?raw';
import webPages from '../../examples/web-pages.yaml?raw';
import replicatedOrders from '../../examples/replicated-orders.yaml?raw';
import tieredSensorArchive from '../../examples/tiered-sensor-archive.yaml?raw';

export interface GalleryEntry {
  /** Stable id used in links: `#/design/<id>`; also the example's file name without .yaml. */
  id: string;
  title: string;
  summary: string;
  /** The design file's text (YAML). */
  yaml: string;
}

export const GALLERY: { id: string; title: string; summary: string; yaml: string }[] = [
  {
    id: 'iot-multitenant',
    title: 'Multi-tenant IoT telemetry',
    summary: 'Tenant and device type promoted into the key, then the device and a reversed timestamp: the newest readings of a device come first.',
    yaml: iotMultitenant,
  },
  {
    id: 'weather-balloons-time-buckets-columns',
    title: 'Weather balloons: time buckets, new column per event',
    summary: 'A row per balloon, metric and week; each reading is a new column whose qualifier is the measured value.',
    yaml: weatherColumns,
  },
  {
    id: 'weather-balloons-time-buckets-cells',
    title: 'Weather balloons: time buckets, new cells per event',
    summary: 'A row per balloon and week; each reading adds a timestamped cell to each measurement column, bounded by GC rules.',
    yaml: weatherCells,
  },
  {
    id: 'weather-balloons-single-timestamp-serialized',
    title: 'Weather balloons: single-timestamp rows, serialized',
    summary: 'A row per reading with the time last in the key; the whole reading is one protobuf cell.',
    yaml: weatherSerialized,
  },
  {
    id: 'weather-balloons-single-timestamp-unserialized',
    title: 'Weather balloons: single-timestamp rows, unserialized',
    summary: 'A row per reading with the time last in the key; one column per measurement.',
    yaml: weatherUnserialized,
  },
  {
    id: 'chat-messages',
    title: 'Chat messages',
    summary: 'Room first, then a reversed timestamp and the message id: opening a room reads its newest messages in one short scan.',
    yaml: chatMessages,
  },
  {
    id: 'ad-counters',
    title: 'Ad counters',
    summary: 'Hourly impressions, clicks and spend in an aggregate (sum) family and unique viewers in an HLL family, per ad.',
    yaml: adCounters,
  },
  {
    id: 'user-profiles',
    title: 'User profiles and affinities',
    summary: 'Profile attributes as columns and affinity scores as dynamic qualifiers; a hash salt spreads sequential user ids.',
    yaml: userProfiles,
  },
  {
    id: 'web-pages',
    title: 'Web pages (webtable)',
    summary: 'Reversed host names keep an organisation\'s sites together; contents keep the last three crawls, anchors are qualifiers.',
    yaml: webPages,
  },
  {
    id: 'replicated-orders',
    title: 'Replicated orders (production)',
    summary: 'Two autoscaled clusters: shoppers through a multi-cluster app profile, check-and-mutate stock writes through a single-cluster transactional one.',
    yaml: replicatedOrders,
  },
  {
    id: 'tiered-sensor-archive',
    title: 'Tiered sensor archive',
    summary: 'Three years of readings; cells older than 60 days move to infrequent access storage, well before GC deletes them.',
    yaml: tieredSensorArchive,
  },
];
