import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RiderFields } from '@snowgear/contracts';
import { changeLanguage } from '@/lib/i18n';
import { RiderEditor } from './rider-editor';

const zhang: RiderFields & { isSelf: boolean } = {
  name: '张三',
  heightCm: 175,
  weightKg: 70,
  age: 30,
  ability: 'II',
  bootSizeMondopoint: 26.5,
  bootSoleLengthMm: 305,
  stance: null,
  isSelf: true,
};

function open(props: Partial<Parameters<typeof RiderEditor>[0]> = {}) {
  const onSave = props.onSave ?? vi.fn();
  const onClose = props.onClose ?? vi.fn();
  render(
    <RiderEditor visible value={null} withSelf {...props} onSave={onSave} onClose={onClose} />,
  );
  return { onSave, onClose, dialog: screen.getByRole('dialog') };
}

/** Typing into a field (pointer events would start the sheet's drag gesture, which jsdom lacks). */
const type = (input: HTMLInputElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });
const click = (element: HTMLElement) => fireEvent.click(element);

/** The field's input, found by its label. */
const field = (dialog: HTMLElement, label: string) => {
  const item = within(dialog).getByText(label).closest('.adm-form-item')!;
  return item.querySelector('input')!;
};

describe('rider editor', () => {
  afterEach(async () => {
    localStorage.clear();
    await changeLanguage('zh-CN');
  });

  it.each([
    [
      'zh-CN',
      {
        labels: [
          '姓名',
          '身高（厘米）',
          '体重（公斤）',
          '年龄',
          '鞋码（Mondopoint）',
          '鞋底长度（毫米）',
        ],
        save: '保存',
        errors: [
          '请输入滑雪者姓名',
          '身高应为 80–230 厘米的整数',
          '体重应为 10–200 公斤的整数',
          '年龄应为 2–100 岁的整数',
          '鞋码应在 15–35 之间，以 0.5 为单位',
          '鞋底长度应为 200–380 毫米的整数',
        ],
      },
    ],
    [
      'en-US',
      {
        labels: [
          'Name',
          'Height (cm)',
          'Weight (kg)',
          'Age',
          'Boot size (Mondopoint)',
          'Boot sole length (mm)',
        ],
        save: 'Save',
        errors: [
          "Enter the rider's name",
          'Height is a whole number of cm from 80 to 230',
          'Weight is a whole number of kg from 10 to 200',
          'Age is a whole number from 2 to 100',
          'Boot size is from 15 to 35 in steps of 0.5',
          'Sole length is a whole number of mm from 200 to 380',
        ],
      },
    ],
  ] as const)(
    'shows each problem next to its field in %s, and saves nothing',
    async (language, texts) => {
      await changeLanguage(language);
      const { onSave, dialog } = open();
      const [, height, weight, age, boot, sole] = texts.labels.map((l) => field(dialog, l));
      type(height!, '300');
      type(weight!, '70.5');
      type(age!, '1');
      type(boot!, '26.3');
      type(sole!, '500');
      click(within(dialog).getByRole('button', { name: texts.save }));
      for (const [i, error] of texts.errors.entries()) {
        const message = await within(dialog).findByText(error);
        // Under the field it is about.
        expect(message.closest('.adm-form-item')).toBe(
          within(dialog).getByText(texts.labels[i]!).closest('.adm-form-item'),
        );
      }
      expect(onSave).not.toHaveBeenCalled();
    },
  );

  it('explains the three skier types and the boot size’s equivalents, and saves numbers', async () => {
    const { onSave, onClose, dialog } = open();
    for (const help of [
      '谨慎、慢速，多在平缓雪道；初学者选这个',
      '中等速度，各种雪道都能滑',
      '速度快、动作激进，常滑陡坡',
    ])
      expect(within(dialog).getByText(help)).toBeTruthy();
    expect(within(dialog).getByText(/印在鞋后跟侧面的 3 位数/)).toBeTruthy();

    type(field(dialog, '姓名'), ' 小明 ');
    type(field(dialog, '身高（厘米）'), '140');
    type(field(dialog, '年龄'), '9');
    type(field(dialog, '鞋码（Mondopoint）'), '22.5');
    expect(await within(dialog).findByText(/即 Mondopoint 22.5 · 欧码 35 · 英码 3.5/)).toBeTruthy();
    click(within(dialog).getByText('I 型'));
    click(within(dialog).getByText('右脚在前（Goofy）'));
    click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: '小明',
        heightCm: 140,
        weightKg: null,
        age: 9,
        ability: 'I',
        bootSizeMondopoint: 22.5,
        bootSoleLengthMm: null,
        stance: 'goofy',
        isSelf: false,
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('starts from the rider given, and keeps the sheet open with the reason when saving fails', async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('每个账号最多保存 10 位滑雪者'));
    const { onClose, dialog } = open({ value: zhang, onSave });
    expect(within(dialog).getByRole('heading', { name: '编辑滑雪者' })).toBeTruthy();
    expect(field(dialog, '姓名').value).toBe('张三');
    expect(field(dialog, '鞋码（Mondopoint）').value).toBe('26.5');
    expect(within(dialog).getByText(/欧码 41 · 英码 7.5 · 美码 男 8.5 \/ 女 9.5/)).toBeTruthy();
    expect(within(dialog).getByRole('switch').getAttribute('aria-checked')).toBe('true');

    click(within(dialog).getByRole('button', { name: '保存' }));
    const reason = await within(dialog).findByText('每个账号最多保存 10 位滑雪者');
    expect(reason.getAttribute('role')).toBe('alert');
    expect(onSave).toHaveBeenCalledWith(zhang);
    expect(onClose).not.toHaveBeenCalled();
  });

  describe('sizes and units a visitor knows', () => {
    const chip = (dialog: HTMLElement, name: string) =>
      within(dialog).getByRole('button', { name });

    it('takes an EU boot size, feet and inches and pounds in English, and keeps Mondopoint, cm and kg', async () => {
      await changeLanguage('en-US');
      const { onSave, dialog } = open();
      type(field(dialog, 'Name'), 'Tom');
      click(chip(dialog, 'ft, in'));
      expect(chip(dialog, 'ft, in').getAttribute('aria-pressed')).toBe('true');
      type(within(dialog).getByRole('textbox', { name: 'feet' }), '5');
      type(within(dialog).getByRole('textbox', { name: 'inches' }), '10');
      click(chip(dialog, 'lb'));
      type(field(dialog, 'Weight (lb)'), '150');
      click(chip(dialog, 'EU'));
      type(field(dialog, 'Boot size (EU)'), '42');
      expect(
        await within(dialog).findByText(
          'That is Mondopoint 27 · EU 42 · UK 8 · US M 9 / W 10 (approx.)',
        ),
      ).toBeTruthy();
      click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(onSave).toHaveBeenCalledWith(
          expect.objectContaining({ heightCm: 178, weightKg: 68, bootSizeMondopoint: 27 }),
        ),
      );
      // The choices are remembered for next time.
      expect(localStorage.getItem('boot_size_system')).toBe('eu');
      expect(localStorage.getItem('height_unit')).toBe('ftIn');
      expect(localStorage.getItem('weight_unit')).toBe('lb');
    });

    it('takes a US women’s size, and opens next time in the system and units chosen', async () => {
      await changeLanguage('en-US');
      const first = open();
      type(field(first.dialog, 'Name'), 'Ann');
      click(chip(first.dialog, "US women's"));
      type(field(first.dialog, "Boot size (US women's)"), '8');
      click(within(first.dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(first.onSave).toHaveBeenCalledWith(
          expect.objectContaining({ name: 'Ann', bootSizeMondopoint: 25 }),
        ),
      );
      cleanup();

      // A saved rider shows in the remembered system: 26.5 is a US women's 9.5, 175 cm 5 ft 9 in.
      localStorage.setItem('height_unit', 'ftIn');
      const { dialog, onSave } = open({ value: zhang });
      expect(chip(dialog, "US women's").getAttribute('aria-pressed')).toBe('true');
      expect(field(dialog, "Boot size (US women's)").value).toBe('9.5');
      expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'feet' }).value).toBe(
        '5',
      );
      expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'inches' }).value).toBe(
        '9',
      );
      // Switching back to Mondopoint carries the size over; saving unchanged keeps the rider.
      click(chip(dialog, 'Mondopoint'));
      expect(field(dialog, 'Boot size (Mondopoint)').value).toBe('26.5');
      click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledWith({ ...zhang, heightCm: 175 }));
    });

    it('keeps cm and kg for Chinese readers, with the boot size systems to choose from', async () => {
      localStorage.setItem('height_unit', 'ftIn');
      localStorage.setItem('weight_unit', 'lb');
      const { onSave, dialog } = open();
      expect(within(dialog).queryByText('英尺、英寸')).toBeNull();
      expect(within(dialog).queryByText('磅')).toBeNull();
      type(field(dialog, '姓名'), '小明');
      type(field(dialog, '身高（厘米）'), '178');
      type(field(dialog, '体重（公斤）'), '68');
      click(chip(dialog, '欧码'));
      type(field(dialog, '鞋码（欧码）'), '42');
      expect(
        await within(dialog).findByText(
          '即 Mondopoint 27 · 欧码 42 · 英码 8 · 美码 男 9 / 女 10（约数）',
        ),
      ).toBeTruthy();
      click(within(dialog).getByRole('button', { name: '保存' }));
      await waitFor(() =>
        expect(onSave).toHaveBeenCalledWith(
          expect.objectContaining({ heightCm: 178, weightKg: 68, bootSizeMondopoint: 27 }),
        ),
      );
    });

    it.each([
      [
        'en-US',
        {
          ftIn: 'ft, in',
          lb: 'lb',
          weightLabel: 'Weight (lb)',
          system: 'UK',
          bootLabel: 'Boot size (UK)',
          save: 'Save',
          errors: {
            height: 'Height is from 2 ft 8 in to 7 ft 6 in',
            weight: 'Weight is a whole number of lb from 21 to 442',
            boot: "UK sizes here are adult sizes from 3 to 16 in steps of 0.5; give a child's size in Mondopoint or EU",
          },
        },
      ],
      [
        'zh-CN',
        {
          ftIn: null,
          lb: null,
          weightLabel: '体重（公斤）',
          system: '英码',
          bootLabel: '鞋码（英码）',
          save: '保存',
          errors: {
            height: null,
            weight: '体重应为 10–200 公斤的整数',
            boot: '英码按成人尺码填写，应在 3–16 之间，以 0.5 为单位；儿童请用 Mondopoint 或欧码',
          },
        },
      ],
    ] as const)('shows out-of-range sizes next to their fields in %s', async (language, texts) => {
      await changeLanguage(language);
      const { onSave, dialog } = open();
      type(field(dialog, language === 'en-US' ? 'Name' : '姓名'), 'Kim');
      if (texts.ftIn) {
        click(chip(dialog, texts.ftIn));
        type(within(dialog).getByRole('textbox', { name: 'feet' }), '8');
        type(within(dialog).getByRole('textbox', { name: 'inches' }), '0');
      }
      if (texts.lb) click(chip(dialog, texts.lb));
      type(field(dialog, texts.weightLabel), '500');
      click(chip(dialog, texts.system));
      type(field(dialog, texts.bootLabel), '2');
      click(within(dialog).getByRole('button', { name: texts.save }));
      const nextTo = async (error: string, label: string) => {
        const message = await within(dialog).findByText(error);
        expect(message.closest('.adm-form-item')).toBe(
          within(dialog).getByText(label).closest('.adm-form-item'),
        );
      };
      if (texts.errors.height) await nextTo(texts.errors.height, 'Height (ft, in)');
      await nextTo(texts.errors.weight, texts.weightLabel);
      await nextTo(texts.errors.boot, texts.bootLabel);
      expect(onSave).not.toHaveBeenCalled();
    });
  });
});
