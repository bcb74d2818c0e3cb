// Types of the parts of monaco-editor that monacoSetup.ts imports instead of the whole package.
declare module 'monaco-editor/esm/vs/editor/editor.api.js' {
  export * from 'monaco-editor';
}
declare module 'monaco-editor/esm/vs/basic-languages/yaml/yaml.js' {
  import type { languages } from 'monaco-editor';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage;
}
// Feature modules imported for their side effects (monacoFeatures.ts).
declare module 'monaco-editor/esm/vs/*';
