import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema.js';
import {
  callerAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const CATEGORIES = '/api/app/catalogue/categories';
const ATTRIBUTES = '/api/app/catalogue/attributes';

describe('catalogue administration', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  let wanlong = '';

  beforeAll(async () => {
    t = await createTestApp();
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['admin', 'manager', 'employee']));
    wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
  });
  afterAll(() => t.close());

  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call('admin', method, url, payload);

  const auditLines = (entityId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId)))
      .orderBy(auditLog.createdAt);

  /** A new category with a select attribute, as the acceptance asks. */
  async function categoryWithSize(name: string) {
    const category = await admin('POST', CATEGORIES, { name, sizeKind: 'LargeEquipment' });
    expect(category.statusCode, category.body).toBe(201);
    const attribute = await admin('POST', ATTRIBUTES, {
      categoryId: category.json().id,
      displayName: '尺寸',
      kind: 'select',
      options: ['S', 'M', 'L'],
      isRequired: true,
      isFilterable: true,
      isSize: true,
    });
    expect(attribute.statusCode, attribute.body).toBe(201);
    return { category: category.json(), attribute: attribute.json() };
  }

  it('is for the super admin only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: CATEGORIES });
    expect(anonymous.statusCode).toBe(401);
    for (const who of ['manager', 'employee']) {
      const res = await call(who, 'POST', CATEGORIES, { name: '越权', sizeKind: 'SmallEquipment' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('App:Forbidden');
    }
    const list = await admin('GET', CATEGORIES);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((c: { name: string }) => c.name)).not.toContain('越权');
  });

  it('lists the categories with how many items and attributes each has', async () => {
    const { items } = (await admin('GET', CATEGORIES)).json();
    const ski = items.find((c: { name: string }) => c.name === '双板滑雪板');
    expect(ski).toMatchObject({ sizeKind: 'LargeEquipment', dinAdjustable: true });
    expect(ski.equipmentCount).toBeGreaterThan(0);
    // Length, level, and the grade the premium skis have.
    expect(ski.attributeCount).toBe(3);
    const orders = items.map((c: { sortOrder: number }) => c.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('creates a category last, with an audit line, and refuses a name in use in any case', async () => {
    const res = await admin('POST', CATEGORIES, {
      name: '  雪地摩托  ',
      sizeKind: 'LargeEquipment',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: '雪地摩托', equipmentCount: 0, attributeCount: 0 });
    const { items } = (await admin('GET', CATEGORIES)).json();
    expect(items.at(-1).id).toBe(created.id);

    const [line] = await auditLines(created.id);
    expect(line).toMatchObject({
      category: 'settings',
      entityType: 'category',
      action: 'created',
      summary: '新建品类“雪地摩托”',
      summaryEn: 'Created category 雪地摩托',
      operatorName: expect.any(String),
    });
    expect(line!.changes).toMatchObject({ name: [null, '雪地摩托'] });

    const taken = await admin('POST', CATEGORIES, { name: '雪地摩托', sizeKind: 'SmallEquipment' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'Catalogue:NameTaken',
      message: '已有名为“雪地摩托”的品类',
      data: { field: 'name' },
    });
    const renamed = await admin('PUT', `${CATEGORIES}/${created.id}`, {
      name: 'Snowmobile',
      sizeKind: 'LargeEquipment',
    });
    expect(renamed.statusCode).toBe(200);
    const upper = await call(
      'admin',
      'POST',
      CATEGORIES,
      { name: 'SNOWMOBILE', sizeKind: 'LargeEquipment' },
      'en-US',
    );
    expect(upper.statusCode).toBe(409);
    expect(upper.json().error.message).toBe('A category named SNOWMOBILE already exists');
  });

  it('gives one of two simultaneous creations of a name a 409, never a 500 or two categories', async () => {
    const answers = await Promise.all(
      [1, 2].map(() =>
        admin('POST', CATEGORIES, { name: '雪地自行车', sizeKind: 'LargeEquipment' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const { items } = (await admin('GET', CATEGORIES)).json();
    expect(items.filter((c: { name: string }) => c.name === '雪地自行车')).toHaveLength(1);
  });

  it('refuses bad input next to its field, never with a 500', async () => {
    const cases: [object, string, string][] = [
      [{ name: '', sizeKind: 'LargeEquipment' }, 'name', 'CatalogueNameRequired'],
      [{ name: '\u200b', sizeKind: 'LargeEquipment' }, 'name', 'CatalogueNameRequired'],
      [{ name: '两行\n名字', sizeKind: 'LargeEquipment' }, 'name', 'InvalidCharacters'],
      [{ name: 'x'.repeat(51), sizeKind: 'LargeEquipment' }, 'name', ''],
      [{ name: '雪橇', sizeKind: 'Huge' }, 'sizeKind', ''],
      [{ name: '雪橇', sizeKind: 'LargeEquipment', dinAdjustable: 'yes' }, 'dinAdjustable', ''],
    ];
    for (const [payload, field, code] of cases) {
      const res = await admin('POST', CATEGORIES, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const [problem] = res.json().error.validationErrors;
      expect(problem.members).toEqual([field]);
      if (code) expect(problem.message).toBe(code);
    }
    const { id } = (await admin('GET', CATEGORIES)).json().items[0];
    const attribute = (payload: object) =>
      admin('POST', ATTRIBUTES, {
        categoryId: id,
        displayName: '测试',
        kind: 'select',
        ...payload,
      });
    const attributeCases: [object, string, string][] = [
      [{ options: [] }, 'options', 'CatalogueOptionsRequired'],
      [{ kind: 'multi-select' }, 'options', 'CatalogueOptionsRequired'],
      [{ options: ['A', 'A'] }, 'options', 'CatalogueOptionsDuplicate'],
      [{ options: ['A', ' '] }, 'options.1', 'CatalogueOptionEmpty'],
      [{ options: ['A,B'] }, 'options.0', 'CatalogueOptionComma'],
      [{ kind: 'text', isSize: true }, 'isSize', 'CatalogueSizeMustBeSelect'],
      [{ categoryId: null, options: ['A'], isSize: true }, 'isSize', 'CatalogueSizeNeedsCategory'],
      [{ displayName: '', options: ['A'] }, 'displayName', 'CatalogueDisplayNameRequired'],
      [{ kind: 'colour', options: ['A'] }, 'kind', ''],
    ];
    for (const [payload, field, code] of attributeCases) {
      const res = await attribute(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const problems = res.json().error.validationErrors;
      expect(problems.map((p: { members: string[] }) => p.members[0])).toContain(field);
      if (code) expect(problems.map((p: { message: string }) => p.message)).toContain(code);
    }
    const nowhere = await admin('POST', ATTRIBUTES, {
      categoryId: '00000000-0000-4000-8000-000000000000',
      displayName: '无处',
      kind: 'text',
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.code).toBe('Equipment:CategoryNotFound');
    expect((await admin('GET', `${CATEGORIES}/not-an-id`)).statusCode).toBe(400);
    expect(
      (await admin('GET', `${CATEGORIES}/00000000-0000-4000-8000-000000000000`)).statusCode,
    ).toBe(404);
  });

  it("keeps names apart within what a form shows together: a category's own and the shared ones", async () => {
    const { category } = await categoryWithSize('护膝');
    // The shared 颜色 shows on every category's form.
    const colour = await admin('POST', ATTRIBUTES, {
      categoryId: category.id,
      displayName: '颜色',
      kind: 'text',
    });
    expect(colour.statusCode).toBe(409);
    expect(colour.json().error).toMatchObject({
      code: 'Catalogue:NameTaken',
      data: { field: 'displayName' },
    });
    // A shared attribute meets every category's: 双板滑雪板 has 'length'.
    const length = await admin('POST', ATTRIBUTES, {
      categoryId: null,
      name: 'LENGTH',
      displayName: '通用长度',
      kind: 'number',
    });
    expect(length.statusCode).toBe(409);
    expect(length.json().error.data).toEqual({ field: 'name' });
    // Another category may use the same names.
    const other = await admin('POST', CATEGORIES, { name: '护肘', sizeKind: 'SmallEquipment' });
    const same = await admin('POST', ATTRIBUTES, {
      categoryId: other.json().id,
      displayName: '尺寸',
      kind: 'select',
      options: ['均码'],
    });
    expect(same.statusCode).toBe(201);
    // The key is the display name when left empty; options go with a kind that has none.
    expect(same.json()).toMatchObject({ name: '尺寸', options: ['均码'] });
    const plain = await admin('POST', ATTRIBUTES, {
      categoryId: other.json().id,
      displayName: '备注',
      kind: 'text',
      options: ['ignored'],
    });
    expect(plain.json()).toMatchObject({ name: '备注', options: [], valueCount: 0 });
  });

  it('shows a new select attribute to the store, and protects what items use', async () => {
    const { category, attribute } = await categoryWithSize('雪鞋套');
    // The store's form reads it at once.
    const defs = await call(
      'employee',
      'GET',
      `/api/app/equipment-attribute/attribute-definitions?CategoryId=${category.id}&IsEnabled=true`,
    );
    expect(defs.json().items.map((d: { id: string }) => d.id)).toContain(attribute.id);
    expect(defs.json().items.find((d: { id: string }) => d.id === attribute.id)).toMatchObject({
      kind: 'select',
      options: ['S', 'M', 'L'],
      isRequired: true,
    });

    const item = await call('manager', 'POST', '/api/app/equipment', {
      categoryId: category.id,
      storeId: wanlong,
      name: '鞋套 M',
      barcodeNumber: 'CATALOGUE-M-01',
      dailyRentPrice: 10,
      deposit: 50,
      attributes: [{ attributeId: attribute.id, value: 'M' }],
    });
    expect(item.statusCode, item.body).toBe(201);
    const listed = (await admin('GET', `${ATTRIBUTES}?categoryId=${category.id}`)).json().items;
    expect(listed[0]).toMatchObject({ id: attribute.id, valueCount: 1 });
    // The shared attributes come after the category's own.
    expect(listed.slice(1).every((a: { categoryId: string | null }) => a.categoryId === null)).toBe(
      true,
    );

    const url = `${ATTRIBUTES}/${attribute.id}`;
    const body = {
      displayName: '尺寸',
      kind: 'select',
      options: ['S', 'M', 'L'],
      isRequired: true,
      isFilterable: true,
      isSize: true,
    };
    const kind = await admin('PUT', url, { ...body, kind: 'text', isSize: false });
    expect(kind.statusCode).toBe(409);
    expect(kind.json().error).toMatchObject({
      code: 'Catalogue:KindLocked',
      message: '1 件设备已填写该属性，不能再更改类型',
      data: { field: 'kind', count: 1 },
    });
    const used = await admin('PUT', url, { ...body, options: ['S', 'L', 'XL'] });
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toMatchObject({
      code: 'Catalogue:OptionInUse',
      message: '1 件设备使用选项“M”，不能删除该选项',
      data: { field: 'options', option: 'M', count: 1 },
    });
    // An option nobody uses goes; a new one comes.
    const changed = await admin('PUT', url, { ...body, options: ['M', 'L', 'XL'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().options).toEqual(['M', 'L', 'XL']);
    const lines = await auditLines(attribute.id);
    expect(lines.map((l) => l.action)).toEqual(['created', 'updated']);
    expect(lines[1]).toMatchObject({
      summary: '修改品类“雪鞋套”的属性“尺寸”',
      summaryEn: "Changed 雪鞋套's attribute 尺寸",
      changes: {
        options: [
          ['S', 'M', 'L'],
          ['M', 'L', 'XL'],
        ],
      },
    });
    // Saving it unchanged writes no line.
    await admin('PUT', url, { ...body, options: ['M', 'L', 'XL'] });
    expect(await auditLines(attribute.id)).toHaveLength(2);

    const remove = await admin('DELETE', url);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error).toMatchObject({
      code: 'Catalogue:AttributeInUse',
      data: { count: 1 },
    });
    expect(remove.json().error.message).toMatch(/停用/);

    // Disabled: out of the store's forms, the item keeps its value.
    const disabled = await admin('POST', `${url}/disable`);
    expect(disabled.json()).toMatchObject({ isEnabled: false, valueCount: 1 });
    const enabledDefs = await call(
      'employee',
      'GET',
      `/api/app/equipment-attribute/attribute-definitions?CategoryId=${category.id}&IsEnabled=true`,
    );
    expect(enabledDefs.json().items.map((d: { id: string }) => d.id)).not.toContain(attribute.id);
    expect((await admin('POST', `${url}/enable`)).json().isEnabled).toBe(true);
    expect((await auditLines(attribute.id)).map((l) => l.action)).toEqual([
      'created',
      'updated',
      'disabled',
      'enabled',
    ]);

    // The category cannot go while the item is in it; nothing of it is touched.
    const busy = await admin('DELETE', `${CATEGORIES}/${category.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({
      code: 'Catalogue:CategoryInUse',
      message: '该品类下有 1 件设备（含已报废的），不能删除；请先把它们改到其他品类',
      data: { items: 1, orderLines: 0, packs: [] },
    });
    expect((await admin('GET', `${CATEGORIES}/${category.id}`)).json()).toMatchObject({
      equipmentCount: 1,
      attributeCount: 1,
    });
  });

  it('refuses to delete a category that orders or rental packs name', async () => {
    const { items } = (await admin('GET', CATEGORIES)).json();
    // The demo packs are made of the demo categories; their items are there too.
    const helmet = items.find((c: { name: string }) => c.name === '头盔');
    const res = await admin('DELETE', `${CATEGORIES}/${helmet.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('Catalogue:CategoryInUse');
    expect(res.json().error.data.items).toBeGreaterThan(0);
    expect(res.json().error.data.packs.length).toBeGreaterThan(0);
  });

  it('deletes an unused category with its own attributes, and an unused attribute', async () => {
    const { category, attribute } = await categoryWithSize('冰爪');
    const spare = await admin('POST', ATTRIBUTES, {
      categoryId: category.id,
      displayName: '齿数',
      kind: 'number',
      unit: '齿',
    });
    const gone = await admin('DELETE', `${ATTRIBUTES}/${spare.json().id}`);
    expect(gone.statusCode).toBe(204);
    expect((await auditLines(spare.json().id)).map((l) => l.action)).toEqual([
      'created',
      'deleted',
    ]);

    const res = await admin('DELETE', `${CATEGORIES}/${category.id}`);
    expect(res.statusCode).toBe(204);
    expect((await admin('GET', `${CATEGORIES}/${category.id}`)).statusCode).toBe(404);
    expect(
      (await admin('PUT', `${ATTRIBUTES}/${attribute.id}`, { displayName: 'x', kind: 'text' }))
        .statusCode,
    ).toBe(404);
    const [, deleted] = await auditLines(category.id);
    expect(deleted).toMatchObject({
      action: 'deleted',
      summary: '删除品类“冰爪”',
      changes: { name: ['冰爪', null], attributes: [['尺寸'], null] },
    });
    expect((await admin('DELETE', `${CATEGORIES}/${category.id}`)).statusCode).toBe(404);
  });

  it('reorders the categories as a whole, and refuses an order made from an old list', async () => {
    const before = (await admin('GET', CATEGORIES)).json().items.map((c: { id: string }) => c.id);
    const wanted = [before.at(-1), ...before.slice(0, -1)];
    const res = await admin('POST', `${CATEGORIES}/reorder`, { ids: wanted });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual(wanted);
    const [line] = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'reordered'))
    ).slice(-1);
    expect(line).toMatchObject({ category: 'settings', entityType: 'category' });

    const stale = await admin('POST', `${CATEGORIES}/reorder`, { ids: wanted.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('Catalogue:OrderOutdated');
    const twice = await admin('POST', `${CATEGORIES}/reorder`, { ids: [wanted[0], wanted[0]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.validationErrors[0]).toEqual({
      message: 'CatalogueOrderIncomplete',
      members: ['ids'],
    });
    // Nothing moved.
    expect((await admin('GET', CATEGORIES)).json().items.map((c: { id: string }) => c.id)).toEqual(
      wanted,
    );
  });

  describe('in both languages', () => {
    it('keeps the English name, display name and options beside the Chinese, and says what lacks English', async () => {
      const created = await admin('POST', CATEGORIES, {
        name: '雪地滑板车',
        nameEn: '  Snow scooters ',
        sizeKind: 'LargeEquipment',
      });
      expect(created.statusCode, created.body).toBe(201);
      const category = created.json();
      expect(category).toMatchObject({
        name: '雪地滑板车',
        nameEn: 'Snow scooters',
        missingEnglish: [],
      });
      const untranslated = await admin('POST', CATEGORIES, {
        name: '雪橇',
        sizeKind: 'SmallEquipment',
      });
      expect(untranslated.json()).toMatchObject({ nameEn: '', missingEnglish: ['nameEn'] });
      // The list marks which are missing English.
      const list = (await admin('GET', CATEGORIES)).json().items as {
        name: string;
        missingEnglish: string[];
      }[];
      expect(list.find((c) => c.name === '雪橇')?.missingEnglish).toEqual(['nameEn']);
      expect(list.find((c) => c.name === '双板滑雪板')?.missingEnglish).toEqual([]);

      const attribute = await admin('POST', ATTRIBUTES, {
        categoryId: category.id,
        displayName: '适合人群',
        displayNameEn: 'Rider',
        kind: 'select',
        options: ['成人', '儿童', '120'],
        // Only the first translated yet; the number reads the same.
        optionsEn: ['Adult', '', ''],
        isSize: true,
      });
      expect(attribute.statusCode, attribute.body).toBe(201);
      expect(attribute.json()).toMatchObject({
        displayName: '适合人群',
        displayNameEn: 'Rider',
        options: ['成人', '儿童', '120'],
        optionsEn: ['Adult'],
        missingEnglish: ['optionsEn'],
      });
      const id = attribute.json().id as string;
      const updated = await admin('PUT', `${ATTRIBUTES}/${id}`, {
        displayName: '适合人群',
        displayNameEn: 'Rider',
        kind: 'select',
        options: ['成人', '儿童', '120'],
        optionsEn: ['Adult', 'Child', ''],
        isSize: true,
      });
      expect(updated.json()).toMatchObject({
        optionsEn: ['Adult', 'Child'],
        missingEnglish: [],
      });
      // An English reader of the list sees the labels; the values stay the Chinese options.
      const english = await call(
        'admin',
        'GET',
        `${ATTRIBUTES}?categoryId=${category.id}`,
        undefined,
        'en-US',
      );
      const own = (
        english.json().items as { id: string; options: string[]; optionLabels: string[] }[]
      ).find((a) => a.id === id)!;
      expect(own.options).toEqual(['成人', '儿童', '120']);
      expect(own.optionLabels).toEqual(['Adult', 'Child', '120']);
      // The change is audited with the English values.
      const lines = await auditLines(id);
      expect(lines.at(-1)!.changes).toMatchObject({
        optionsEn: [['Adult'], ['Adult', 'Child']],
      });
    });

    it('refuses an English name longer than the Chinese may be, at its field', async () => {
      const res = await admin('POST', CATEGORIES, {
        name: '长名',
        nameEn: 'x'.repeat(51),
        sizeKind: 'SmallEquipment',
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain('nameEn');
    });

    it('names the categories for the staff and the public browse in the reader language', async () => {
      const staff = await call(
        'employee',
        'GET',
        '/api/app/equipment/categories',
        undefined,
        'en-US',
      );
      expect(staff.json().items.map((c: { name: string }) => c.name)).toContain('Ski boots');
      const browse = await t.app.inject({
        url: '/api/app/equipment/catalog-categories',
        headers: { 'accept-language': 'en-US' },
      });
      expect(browse.json().items.map((c: { name: string }) => c.name)).toContain('Snowboard boots');
      const chinese = await t.app.inject({ url: '/api/app/equipment/catalog-categories' });
      expect(chinese.json().items.map((c: { name: string }) => c.name)).toContain('单板滑雪鞋');
    });
  });
});
