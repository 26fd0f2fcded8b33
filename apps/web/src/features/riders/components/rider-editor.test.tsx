import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
  afterEach(() => changeLanguage('zh-CN'));

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

  it('explains the three skier types and the boot size in EU, and saves numbers', async () => {
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
    expect(await within(dialog).findByText(/约合欧码 36/)).toBeTruthy();
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
    expect(within(dialog).getByText(/约合欧码 42/)).toBeTruthy();
    expect(within(dialog).getByRole('switch').getAttribute('aria-checked')).toBe('true');

    click(within(dialog).getByRole('button', { name: '保存' }));
    const reason = await within(dialog).findByText('每个账号最多保存 10 位滑雪者');
    expect(reason.getAttribute('role')).toBe('alert');
    expect(onSave).toHaveBeenCalledWith(zhang);
    expect(onClose).not.toHaveBeenCalled();
  });
});
