// The gallery's examples as the studio holds them: read-only sources, each loaded once.
import type { DesignIssue } from '../../core/load/load-design';
import type { Design } from '../../core/model/schema';

export interface GallerySource {
  id: string;
  title: string;
  summary: string;
  /** The design's text; absent for the bundled examples, whose texts come with the design model (gallery-texts.ts). */
  yaml?: string;
}

/** An example design with the outcome of loading its text. */
export type DesignEntry = {
  id: string;
  title: string;
  summary: string;
  /** The name used in issue positions (`iot-telemetry.yaml:12:5`). */
  file: string;
  source: string;
} & ({ ok: true; design: Design } | { ok: false; issues: DesignIssue[] });
