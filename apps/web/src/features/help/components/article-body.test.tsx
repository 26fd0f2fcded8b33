import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleBody } from './article-body';

describe('article body', () => {
  it('renders Markdown and drops any HTML, so nothing in an article can run', () => {
    const hostile = [
      '## 归还雪具',
      '1. 扫码',
      '<script>window.__pwned = true</script>',
      '<img src=x onerror="window.__pwned = true">',
      '[点我](javascript:window.__pwned=true)',
    ].join('\n\n');
    const { container } = render(<ArticleBody markdown={hostile} />);
    expect(container.querySelector('h2')?.textContent).toBe('归还雪具');
    expect(container.querySelector('ol li')?.textContent).toBe('扫码');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/);
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
