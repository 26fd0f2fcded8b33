import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Form,
  ImageUploader,
  Input,
  Selector,
  Switch,
  TextArea,
  type ImageUploadItem,
} from 'antd-mobile';
import { DatePicker } from '@/components/antd/date-picker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  MAX_EQUIPMENT_IMAGES,
  type AttributeDefinition,
  type Equipment,
  type EquipmentInput,
  type FileLink,
} from '@snowgear/contracts';
import { ScanningOutline } from 'antd-mobile-icons';
import { api, fileUrl } from '@/lib/api-client';
import { drafts } from '@/lib/drafts';
import { useKeptDraft } from '@/lib/use-kept-draft';
import { DraftNotice } from '@/components/draft-notice';
import { useObjectUrls } from '@/lib/use-object-urls';
import { scanCode, extractSerialNumber } from '@/features/scanner';
import { FormError } from '@/components/form-error';
import { isMoneyText } from '@/lib/money';
import { textRule } from '@/lib/text-rules';
import { revealFirstError } from '@/lib/reveal-first-error';
import { useCategories } from '../api/get-categories';
import { useCategoryAttributes } from '../api/get-attribute-definitions';
import { uploadEquipmentImage } from '../api/upload-image';

export interface EquipmentFormValues {
  categoryId: string[];
  name: string;
  nameEn: string;
  brand: string;
  model: string;
  barcodeNumber: string;
  dailyRentPrice: string;
  deposit: string;
  remarks: string;
}

const BARCODE = /^[A-Za-z0-9._\-/]{4,64}$/;

/**
 * What the form keeps on this phone for 24 hours (lib/drafts.ts): the fields, the category's
 * attributes and the photos (a photo uploaded but not yet saved with the item has no link that
 * lasts: it is asked for again when the draft is opened).
 */
interface EquipmentFormDraft {
  fields: EquipmentFormValues;
  attributes: Record<string, string>;
  photos: { id: string; url: string | null }[];
}

/** The draft of new stock (no `equipmentId`) or of an item's edit, per signed-in user. */
export function equipmentDraftKey(userId: string, equipmentId?: string): string {
  return drafts.key('equipment-form', userId, equipmentId ?? 'new');
}

/** A kept draft as the form takes it (null if it is not one). */
function formDraft(draft: Partial<EquipmentFormDraft> | null): EquipmentFormDraft | null {
  if (!draft?.fields || typeof draft.fields !== 'object') return null;
  return {
    // A draft kept before items had an English name has none.
    fields: { ...draft.fields, nameEn: draft.fields.nameEn ?? '' },
    attributes: draft.attributes ?? {},
    photos: Array.isArray(draft.photos) ? draft.photos : [],
  };
}

/** A barcode nobody has: store code, then time and randomness in base 36. */
export function generateBarcode(prefix = 'SG'): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296)
    .toString(36)
    .toUpperCase()
    .padStart(2, '0')}`;
}

/** New stock and edits: category, its attribute fields, barcode, prices and up to 9 photos. */
export function EquipmentForm({
  existing,
  draftKey,
  submitting,
  error,
  onSubmit,
}: {
  existing?: Equipment;
  /** Where what is entered is kept for 24 hours (`equipmentDraftKey`); none, no draft. */
  draftKey?: string;
  submitting: boolean;
  error: string | null;
  onSubmit: (input: Omit<EquipmentInput, 'storeId'>) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EquipmentFormValues>();
  const root = useRef<HTMLDivElement>(null);
  const categories = useCategories();
  const saved: EquipmentFormDraft = {
    fields: {
      categoryId: existing ? [existing.categoryId] : [],
      name: existing?.name ?? '',
      nameEn: existing?.nameEn ?? '',
      brand: existing?.brand ?? '',
      model: existing?.model ?? '',
      barcodeNumber: existing?.barcodeNumber ?? '',
      dailyRentPrice: existing ? String(existing.dailyRentPrice) : '',
      deposit: existing ? String(existing.deposit) : '',
      remarks: existing?.remarks ?? '',
    },
    attributes: Object.fromEntries(
      (existing?.attributes ?? []).map((a) => [a.attributeId, a.value]),
    ),
    photos: (existing?.imageFiles ?? []).map((f) => ({
      id: f.id,
      url: fileUrl(f.thumbnails.find((x) => x.size === 'small')?.accessUrl ?? f.file.accessUrl),
    })),
  };
  const kept = useKeptDraft<EquipmentFormDraft>(draftKey, saved);
  const [restored] = useState(() => formDraft(kept.restored));
  const start = restored ?? saved;
  const [categoryId, setCategoryId] = useState(start.fields.categoryId[0] ?? '');
  const attributes = useCategoryAttributes(categoryId || undefined);
  const [values, setValues] = useState<Record<string, string>>(start.attributes);
  const [attributeErrors, setAttributeErrors] = useState<Record<string, string>>({});
  const [photos, setPhotos] = useState<ImageUploadItem[]>(start.photos.map(photoItem));
  const [photoError, setPhotoError] = useState<string | null>(null);
  const previewUrl = useObjectUrls();
  const [dateOpen, setDateOpen] = useState<string | null>(null);
  const defs = attributes.data?.items ?? [];

  /** Keeps what is on the form as the draft, or drops the draft when that is what is saved. */
  const keepDraft = (fields = form.getFieldsValue(true) as EquipmentFormValues) => {
    kept.keep({
      fields: {
        categoryId: fields.categoryId,
        name: fields.name,
        nameEn: fields.nameEn,
        brand: fields.brand,
        model: fields.model,
        barcodeNumber: fields.barcodeNumber,
        dailyRentPrice: fields.dailyRentPrice,
        deposit: fields.deposit,
        remarks: fields.remarks,
      },
      attributes: values,
      photos: photos.map((p) => ({
        id: (p.extra as { id: string }).id,
        // A phone's own copy (blob:) does not outlive the page.
        url: p.url.startsWith('blob:') || !p.url ? null : p.url,
      })),
    });
  };
  // Opening the form changes nothing: the draft keeps the time it was last changed.
  const opened = useRef(true);
  useEffect(() => {
    if (opened.current) {
      opened.current = false;
      return;
    }
    keepDraft();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kept when these change
  }, [categoryId, values, photos]);

  // Photos of a draft that were never saved with the item: a fresh link to each, or dropped.
  useEffect(() => {
    const unlinked = photos.filter((p) => !p.url);
    if (unlinked.length === 0) return;
    let current = true;
    void Promise.all(
      unlinked.map(async (p) => {
        const id = (p.extra as { id: string }).id;
        try {
          const link = await api.get<FileLink>(`/files/${encodeURIComponent(id)}/link`, {
            params: { thumbnail: 'small' },
            silent: true,
          });
          return [id, fileUrl(link.url)] as const;
        } catch {
          return [id, null] as const;
        }
      }),
    ).then((links) => {
      if (!current) return;
      const found = new Map(links);
      if (links.some(([, url]) => url === null)) setPhotoError(t('inventory.editor.photoLost'));
      setPhotos((now) =>
        now.flatMap((p) => {
          const id = (p.extra as { id: string }).id;
          if (!found.has(id)) return [p];
          const url = found.get(id);
          return url ? [{ ...p, url }] : [];
        }),
      );
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the draft's photos
  }, []);

  const startOver = () => {
    kept.forget();
    form.setFieldsValue(saved.fields);
    setCategoryId(saved.fields.categoryId[0] ?? '');
    setValues(saved.attributes);
    setPhotos(saved.photos.map(photoItem));
    setAttributeErrors({});
    setPhotoError(null);
  };

  const moneyRules = [
    { required: true, message: t('inventory.editor.moneyInvalid') },
    {
      validator: async (_: unknown, value: string | number | undefined) => {
        if (!isMoneyText(String(value ?? '').trim())) {
          throw new Error(t('inventory.editor.moneyInvalid'));
        }
      },
    },
  ];
  const setValue = (id: string, v: string) => setValues((prev) => ({ ...prev, [id]: v }));

  /** A label's QR link or a plain barcode fills the field (the label's `sn` is taken). */
  const handleScanBarcode = async () => {
    const result = await scanCode({
      title: t('inventory.editor.scanTitle'),
      validator: (text) =>
        BARCODE.test(extractSerialNumber(text)) || t('inventory.editor.barcodeInvalid'),
    });
    if (!result) return;
    form.setFieldValue('barcodeNumber', extractSerialNumber(result.text));
    keepDraft();
    void form.validateFields(['barcodeNumber']).catch(() => undefined);
  };

  /** Required attributes are checked with the other fields, so every error shows at once. */
  const checkAttributes = () => {
    const missing: Record<string, string> = {};
    for (const d of defs) {
      if (d.isRequired && !values[d.id]?.trim()) {
        missing[d.id] = t('inventory.editor.attributeRequired', { name: d.displayName });
      }
    }
    setAttributeErrors(missing);
    return Object.keys(missing).length === 0;
  };

  const handleFinish = (v: EquipmentFormValues) => {
    if (!checkAttributes()) {
      revealFirstError(root.current);
      return;
    }
    onSubmit({
      categoryId: v.categoryId[0]!,
      name: v.name.trim(),
      nameEn: v.nameEn.trim(),
      brand: v.brand.trim(),
      model: v.model.trim(),
      barcodeNumber: v.barcodeNumber.trim(),
      dailyRentPrice: Number(v.dailyRentPrice),
      deposit: Number(v.deposit),
      remarks: v.remarks.trim(),
      attributes: defs
        .filter((d) => values[d.id]?.trim())
        .map((d) => ({ attributeId: d.id, value: values[d.id]!.trim() })),
      imageFileIds: photos.map((p) => (p.extra as { id: string }).id),
    });
  };

  const field = (d: AttributeDefinition) => {
    const value = values[d.id] ?? '';
    switch (d.kind) {
      case 'select':
        return (
          <Selector
            columns={4}
            options={d.options.map((o, i) => ({ label: d.optionLabels[i] ?? o, value: o }))}
            value={value ? [value] : []}
            onChange={(v) => setValue(d.id, v[0] ?? '')}
          />
        );
      case 'multi-select':
        return (
          <Selector
            multiple
            columns={4}
            options={d.options.map((o, i) => ({ label: d.optionLabels[i] ?? o, value: o }))}
            value={value ? value.split(',') : []}
            onChange={(v) => setValue(d.id, v.join(','))}
          />
        );
      case 'boolean':
        return (
          <Switch
            checked={value === 'true'}
            onChange={(c) => setValue(d.id, String(c))}
            aria-label={d.displayName}
          />
        );
      case 'date':
        return (
          <>
            <Button size="small" onClick={() => setDateOpen(d.id)}>
              {value || t('inventory.editor.chooseDate')}
            </Button>
            <DatePicker
              visible={dateOpen === d.id}
              onClose={() => setDateOpen(null)}
              value={value ? dayjs(value).toDate() : undefined}
              onConfirm={(date) => setValue(d.id, dayjs(date).format('YYYY-MM-DD'))}
            />
          </>
        );
      case 'number':
        return (
          <Input
            type="number"
            inputMode="decimal"
            value={value}
            onChange={(v) => setValue(d.id, v)}
            aria-label={d.displayName}
          />
        );
      case 'text':
        return (
          <Input
            value={value}
            maxLength={200}
            onChange={(v) => setValue(d.id, v)}
            aria-label={d.displayName}
          />
        );
    }
  };

  return (
    <div ref={root}>
      {restored && kept.noticeShown && (
        <DraftNotice onStartOver={startOver} onDismiss={kept.dismissNotice} />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={start.fields}
        onValuesChange={(_, all: EquipmentFormValues) => keepDraft(all)}
        onFinish={(v: EquipmentFormValues) => handleFinish(v)}
        onFinishFailed={() => {
          checkAttributes();
          revealFirstError(root.current);
        }}
        footer={
          <>
            <FormError message={error ?? photoError} />
            <Button block type="submit" color="primary" size="large" loading={submitting}>
              {t('inventory.editor.save')}
            </Button>
          </>
        }
      >
        <Form.Item
          name="categoryId"
          label={t('inventory.editor.category')}
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              message: t('inventory.editor.categoryRequired'),
            },
          ]}
        >
          <Selector
            columns={3}
            options={(categories.data?.items ?? []).map((c) => ({ label: c.name, value: c.id }))}
            onChange={(v) => {
              setCategoryId(v[0] ?? '');
              setAttributeErrors({});
            }}
          />
        </Form.Item>
        {defs.map((d) => (
          <Form.Item
            key={d.id}
            label={`${d.displayName}${d.unit ? ` (${d.unit})` : ''}`}
            required={d.isRequired}
            description={
              attributeErrors[d.id] ? (
                <span className="field-error">{attributeErrors[d.id]}</span>
              ) : undefined
            }
          >
            {field(d)}
          </Form.Item>
        ))}
        <Form.Item
          name="name"
          label={t('inventory.editor.name')}
          rules={[
            { required: true, whitespace: true, message: t('inventory.editor.nameRequired') },
            textRule(t),
          ]}
        >
          <Input placeholder={t('inventory.editor.namePlaceholder')} maxLength={100} />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('catalogueAdmin.english.nameEn')}
          help={t('catalogueAdmin.english.help')}
          rules={[textRule(t)]}
        >
          <Input placeholder="Rossignol Experience 78 skis" maxLength={100} />
        </Form.Item>
        <Form.Item name="brand" label={t('inventory.editor.brand')} rules={[textRule(t)]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="model" label={t('inventory.editor.model')} rules={[textRule(t)]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="barcodeNumber"
          label={t('inventory.editor.barcode')}
          rules={[
            { required: true, whitespace: true, message: t('inventory.editor.barcodeRequired') },
            { pattern: BARCODE, message: t('inventory.editor.barcodeInvalid') },
          ]}
          extra={
            <span className="equipment-form__barcode-actions">
              <Button size="small" onClick={() => void handleScanBarcode()}>
                <ScanningOutline /> {t('inventory.editor.scan')}
              </Button>
              {!existing && (
                <Button
                  size="small"
                  onClick={() => {
                    form.setFieldValue('barcodeNumber', generateBarcode());
                    keepDraft();
                  }}
                >
                  {t('inventory.editor.generate')}
                </Button>
              )}
            </span>
          }
        >
          <Input
            placeholder={t('inventory.editor.barcodePlaceholder')}
            autoCapitalize="characters"
          />
        </Form.Item>
        <Form.Item name="dailyRentPrice" label={t('inventory.editor.dailyRent')} rules={moneyRules}>
          <Input type="number" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="deposit" label={t('inventory.editor.deposit')} rules={moneyRules}>
          <Input type="number" inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="remarks"
          label={t('inventory.editor.remarks')}
          rules={[textRule(t, { multiLine: true })]}
        >
          <TextArea maxLength={500} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label={t('inventory.editor.photos')}>
          <ImageUploader
            value={photos}
            onChange={setPhotos}
            maxCount={MAX_EQUIPMENT_IMAGES}
            multiple
            accept="image/*"
            upload={async (file) => {
              setPhotoError(null);
              try {
                const { info, preview } = await uploadEquipmentImage(file);
                // Until the item is saved the server's copy is private, and an <img> cannot send
                // the sign-in token: show the phone's own copy.
                return { url: previewUrl(preview), extra: { id: info.id } };
              } catch (err) {
                setPhotoError(
                  t('inventory.editor.photoFailed', {
                    reason: err instanceof Error ? err.message : '',
                  }),
                );
                throw err;
              }
            }}
          />
        </Form.Item>
      </Form>
    </div>
  );
}

/** A photo on the form: its file's id, and the picture shown (empty until a link is had). */
function photoItem(photo: { id: string; url: string | null }): ImageUploadItem {
  return { key: photo.id, url: photo.url ?? '', extra: { id: photo.id } };
}
