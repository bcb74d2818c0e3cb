// The source map of a doc's text (design path -> line and column), kept beside the document:
// the loader returns it with the design when the user's text is loaded, so the code view's
// markers and "reveal" read it instead of parsing the text again. Generated text (after a form
// edit) is parsed once, the first time its map is asked for (the YAML tab is open).
import type { PathPart } from '../../core/model/positions';
import type { Design } from '../../core/model/schema';
import type { DesignDoc } from '../studio/contract';
import { docText } from './docs';
import { model } from '../model';

export type Locate = (path: readonly PathPart[]) => { line: number; column: number };

// Per design object, the text the map is of: the same design can stand for several texts
// (a comment typed keeps the design object), so a map answers only for its own text.
const maps = new WeakMap<Design, { text: string; locate: Locate }>();

/** Keeps the map the loader returned for `text`, which loaded to `design`. */
export function rememberLocate(design: Design, text: string, locate: Locate): void {
  maps.set(design, { text, locate });
}

/** The map of `text` (which must load to `design`), or null when it does not load. */
export function locateText(design: Design, text: string): Locate | null {
  const hit = maps.get(design);
  if (hit && hit.text === text) return hit.locate;
  const loaded = model().loadDesign(text);
  if (!loaded.ok) return null;
  rememberLocate(design, text, loaded.locate);
  return loaded.locate;
}

/** The map of the doc's text, or null while the text has errors (its lines are not the design's). */
export function locateDoc(doc: DesignDoc): Locate | null {
  return doc.textIssues.length > 0 ? null : locateText(doc.design, docText(doc));
}
