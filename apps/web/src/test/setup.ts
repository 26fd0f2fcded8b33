import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { enableAntdImperativeRender } from '@/lib/antd-render';

enableAntdImperativeRender();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
