// What the design model brings, behind one dynamic import (see model.ts).
export { loadDesign, validateDesign } from '../core/load/load-design';
export { exportDesign } from '../core/export/design';
export { designText, docFromText, checkDesign } from './documents/docs-model';
export { restoreDoc } from './persist/restore';
export { EXAMPLE_TEXTS } from './gallery-texts';
