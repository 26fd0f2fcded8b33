import type { FastifyRequest } from 'fastify';
import { isEnglish } from '@/lib/messages.js';

/** What the help editor's answers and audit lines say, in Chinese and English. */
const zh = {
  ArticleNotFound: '帮助文章不存在',
  SlugTaken: '{language}文章中已有标识为“{slug}”的一篇',
  Created: '新建帮助文章“{title}”（{language}）',
  Updated: '修改帮助文章“{title}”（{language}）',
  Published: '发布帮助文章“{title}”（{language}）',
  Unpublished: '取消发布帮助文章“{title}”（{language}）',
  Deleted: '删除帮助文章“{title}”（{language}）',
  'zh-CN': '中文',
  'en-US': '英文',
};
type Key = keyof typeof zh;

const en: Record<Key, string> = {
  ArticleNotFound: 'There is no such help article',
  SlugTaken: 'An article in {language} already has the slug {slug}',
  Created: 'Created help article {title} ({language})',
  Updated: 'Changed help article {title} ({language})',
  Published: 'Published help article {title} ({language})',
  Unpublished: 'Unpublished help article {title} ({language})',
  Deleted: 'Deleted help article {title} ({language})',
  'zh-CN': 'Chinese',
  'en-US': 'English',
};

type Params = Record<string, string | number>;
const fill = (template: string, params: Params) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

export function say(request: Pick<FastifyRequest, 'headers'>, key: Key, params: Params = {}) {
  const words = isEnglish(request) ? en : zh;
  const language = params.language as Key | undefined;
  return fill(words[key], {
    ...params,
    ...(language && language in words ? { language: words[language] } : {}),
  });
}

/** An article's audit line in both languages. */
export function articleLine(
  key: 'Created' | 'Updated' | 'Published' | 'Unpublished' | 'Deleted',
  article: { title: string; language: 'zh-CN' | 'en-US' },
): { zh: string; en: string } {
  return {
    zh: fill(zh[key], { title: article.title, language: zh[article.language] }),
    en: fill(en[key], { title: article.title, language: en[article.language] }),
  };
}
