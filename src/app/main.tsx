import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startHashRouting } from './routing';
import { useStudio } from './store';
import './styles.css';

startHashRouting((route) => useStudio.getState().applyRoute(route));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
