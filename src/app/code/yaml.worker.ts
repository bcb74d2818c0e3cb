// monaco-yaml's language worker, re-exported from our own file so Vite bundles it as a worker
// (importing the package's file with ?worker directly trips "Unexpected usage" in Vite builds).
import 'monaco-yaml/yaml.worker.js';
