import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { takeErrorParam } from './app/startupError.ts';
import { reportWebVitals } from './features/vitals/reportWebVitals.ts';
import './ui/global.css';

takeErrorParam();

const root = document.getElementById('root');
if (!root) throw new Error('SAM needs an element with id "root"');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

reportWebVitals();
