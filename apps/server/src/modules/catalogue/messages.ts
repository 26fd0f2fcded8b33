import type { FastifyRequest } from 'fastify';
import { isEnglish } from '@/lib/messages.js';

/** What the catalogue's answers and audit lines say, in Chinese and English. */
const zh = {
  CategoryNotFound: '设备品类不存在',
  AttributeNotFound: '属性不存在',
  CategoryNameTaken: '已有名为“{name}”的品类',
  AttributeNameTaken: '本品类或通用属性中已有名为“{name}”的属性',
  CategoryHasItems: '该品类下有 {count} 件设备（含已报废的），不能删除；请先把它们改到其他品类',
  CategoryHasOrderLines: '有 {count} 条订单明细按该品类预订，为保留订单记录，该品类不能删除',
  CategoryInPacks: '套餐“{names}”包含该品类，不能删除',
  AttributeHasValues:
    '{count} 件设备填写了该属性，不能删除。可以改为停用：停用后表单不再显示它，已填的值保留',
  KindLocked: '{count} 件设备已填写该属性，不能再更改类型',
  OptionInUse: '{count} 件设备使用选项“{option}”，不能删除该选项',
  OrderOutdated: '品类已有变动，请刷新后重新排序',
  // Audit lines
  CategoryCreated: '新建品类“{name}”',
  CategoryUpdated: '修改品类“{name}”',
  CategoryDeleted: '删除品类“{name}”',
  CategoriesReordered: '调整品类顺序',
  AttributeCreated: '新建{scope}属性“{name}”',
  AttributeUpdated: '修改{scope}属性“{name}”',
  AttributeEnabled: '启用{scope}属性“{name}”',
  AttributeDisabled: '停用{scope}属性“{name}”',
  AttributeDeleted: '删除{scope}属性“{name}”',
  ScopeCategory: '品类“{category}”的',
  ScopeGlobal: '通用',
};
type Key = keyof typeof zh;

const en: Record<Key, string> = {
  CategoryNotFound: 'There is no such equipment category',
  AttributeNotFound: 'There is no such attribute',
  CategoryNameTaken: 'A category named {name} already exists',
  AttributeNameTaken: 'An attribute of this category or of every category is already named {name}',
  CategoryHasItems:
    '{count} items (scrapped ones included) belong to this category, so it cannot be deleted; move them to another category first',
  CategoryHasOrderLines:
    '{count} order lines were booked as this category; it stays so those orders keep their record',
  CategoryInPacks: 'The rental packs {names} include this category, so it cannot be deleted',
  AttributeHasValues:
    '{count} items have a value for this attribute, so it cannot be deleted. Disable it instead: it leaves the forms and the values stay',
  KindLocked: '{count} items have a value for this attribute, so its kind cannot change',
  OptionInUse: '{count} items use the option {option}, so it cannot be removed',
  OrderOutdated: 'The categories changed meanwhile; reload and sort them again',
  CategoryCreated: 'Created category {name}',
  CategoryUpdated: 'Changed category {name}',
  CategoryDeleted: 'Deleted category {name}',
  CategoriesReordered: 'Reordered the categories',
  AttributeCreated: 'Created {scope} attribute {name}',
  AttributeUpdated: 'Changed {scope} attribute {name}',
  AttributeEnabled: 'Enabled {scope} attribute {name}',
  AttributeDisabled: 'Disabled {scope} attribute {name}',
  AttributeDeleted: 'Deleted {scope} attribute {name}',
  ScopeCategory: "{category}'s",
  ScopeGlobal: 'the shared',
};

type Params = Record<string, string | number>;
const fill = (template: string, params: Params) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

/** In the caller's language. */
export function say(request: Pick<FastifyRequest, 'headers'>, key: Key, params: Params = {}) {
  return fill((isEnglish(request) ? en : zh)[key], params);
}

/** In both languages, for the audit log. */
export function inBoth(key: Key, params: Params = {}): { zh: string; en: string } {
  return { zh: fill(zh[key], params), en: fill(en[key], params) };
}

/** An attribute's audit line: whose attribute it is, in each language. */
export function attributeLine(
  key:
    | 'AttributeCreated'
    | 'AttributeUpdated'
    | 'AttributeEnabled'
    | 'AttributeDisabled'
    | 'AttributeDeleted',
  name: string,
  category: string | null,
): { zh: string; en: string } {
  const scope = (language: 'zh' | 'en') =>
    category === null
      ? (language === 'zh' ? zh : en).ScopeGlobal
      : fill((language === 'zh' ? zh : en).ScopeCategory, { category });
  return {
    zh: fill(zh[key], { name, scope: scope('zh') }),
    en: fill(en[key], { name, scope: scope('en') }),
  };
}
