import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { takeErrorParam } from './app/startupError.ts';
import './ui/global.css';

takeErrorParam();

const root = document.getElementById('root');
if (!root) throw new Error('SAM needs an element with id "root"');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Loaded after the first render: web-vitals reads buffered entries, so nothing is missed.
import('./features/vitals/reportWebVitals.ts')
  .then(({ reportWebVitals }) => reportWebVitals())
  .catch(() => undefined);
