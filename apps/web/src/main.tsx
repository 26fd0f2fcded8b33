import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import './styles.css';
import { enableAntdImperativeRender } from '@/lib/antd-render';
import { installTouchEmulator } from '@/lib/touch-emulator';
import { applyTheme, savedTheme } from '@/features/app-state/stores/app-store';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { bootstrap } from './app/bootstrap';

// Start-up order of spec §1: touch shim, mount, then configuration, stores and session.
installTouchEmulator();
enableAntdImperativeRender();
applyTheme(savedTheme());

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
void bootstrap((to, options) => router.navigate(to, options));
