// The summary of a design doc, bound to the cached lint (lint-cache.ts, through useLint): what the
// design page shows on top. "Findings" scrolls to the findings panel (opening the form for it).
import { useLint } from '../form/hooks';
import { designHref, navigate } from '../routing';
import type { DesignDoc } from '../studio/contract';
import { DesignSummary } from './DesignSummary';

function showFindings(docId: string, selected: string | null): void {
  const go = () => document.getElementById('findings-heading')?.scrollIntoView({ block: 'start' });
  if (document.getElementById('findings-heading')) {
    go();
    return;
  }
  navigate(designHref(docId, selected));
  requestAnimationFrame(() => requestAnimationFrame(go));
}

export function Summary({ doc, selected }: { doc: DesignDoc; selected: string | null }) {
  const { analysis, findings } = useLint(doc.design);
  return (
    <DesignSummary
      docId={doc.id}
      design={doc.design}
      analysis={analysis}
      findings={findings}
      selected={selected}
      onFindings={() => showFindings(doc.id, selected)}
    />
  );
}
