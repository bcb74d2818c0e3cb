// Export and import in the studio. See src/app/README.md ("Share, export, import").
export { ExportButton, ExportDialog, type ExportDialogProps, type ExportTab } from './ExportDialog';
export { ImportDropZone, type ImportDropZoneProps, type ImportedFile } from './ImportDropZone';
export { importFile, MAX_IMPORT_BYTES, type FileLike, type ImportFileResult } from './importFile';
export { applyCommands, type ApplyCommands } from './apply';
export { exportView, type ExportChoice, type ExportView } from './preview';
