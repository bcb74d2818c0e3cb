// Saved records back as docs, validated: part of the design model, loaded after the first paint
// (../model.ts); format.ts's restoreDoc calls it.
import { loadDesign, validateDesign } from '../../core/load/load-design';
import type { DesignDoc } from '../studio/contract';
import { designFileName } from '../documents/slugs';

const nameIn = (design: unknown): unknown => (typeof design === 'object' && design !== null ? (design as { name?: unknown }).name : undefined);

/**
 * A saved design back as a doc: the text when it loads (the text is what the user wrote), else
 * the saved design with the text's issues; null when neither is a valid design.
 */
export function restoreDoc(rec: { id: string; text?: unknown; design?: unknown; updatedAt: number }): DesignDoc | null {
  if (typeof rec.text !== 'string') {
    // No text of its own (saved after a form edit): the design, its YAML generated when read.
    const v = rec.design === undefined ? null : validateDesign(rec.design, designFileName(rec.id, nameIn(rec.design)));
    return v?.ok ? { id: rec.id, design: v.design, textIssues: [], updatedAt: rec.updatedAt } : null;
  }
  // The file the errors name: from the last valid design's name (the same name the tab used before the reload).
  const file = designFileName(rec.id, nameIn(rec.design));
  const r = loadDesign(rec.text, file);
  if (r.ok) return { id: rec.id, design: r.design, text: rec.text, textIssues: [], updatedAt: rec.updatedAt };
  if (rec.design === undefined) return null;
  const v = validateDesign(rec.design, file);
  return v.ok ? { id: rec.id, design: v.design, text: rec.text, textIssues: r.issues, updatedAt: rec.updatedAt } : null;
}
