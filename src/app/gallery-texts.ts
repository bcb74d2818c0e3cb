// The gallery's example texts: the files in examples/, imported as text with Vite's `?raw`
// suffix so the gallery opens exactly what a user can download and edit. Part of the design
// model (../model.ts), loaded after the first paint; gallery.ts holds what the first screen shows.
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

/** Each example's text by its id (gallery.ts). */
export const EXAMPLE_TEXTS: Readonly<Record<string, string>> = {
  'iot-multitenant': iotMultitenant,
  'weather-balloons-time-buckets-columns': weatherColumns,
  'weather-balloons-time-buckets-cells': weatherCells,
  'weather-balloons-single-timestamp-serialized': weatherSerialized,
  'weather-balloons-single-timestamp-unserialized': weatherUnserialized,
  'chat-messages': chatMessages,
  'ad-counters': adCounters,
  'user-profiles': userProfiles,
  'web-pages': webPages,
  'replicated-orders': replicatedOrders,
  'tiered-sensor-archive': tieredSensorArchive,
};
