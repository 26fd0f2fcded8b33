import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Input, Tag, TextArea, type InputRef, type TextAreaRef } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { useTranslation } from 'react-i18next';
import {
  HELP_AUDIENCES,
  HELP_BODY_MAX,
  HELP_SUMMARY_MAX,
  HELP_TAG_MAX,
  HELP_TAGS_MAX,
  HELP_TITLE_MAX,
  HelpArticleInputSchema,
  SUPPORTED_LANGUAGES,
  type HelpAdminArticle,
  type HelpAudience,
  type SupportedLanguage,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ChipsInput } from '@/components/chips-input';
import { ChoiceChips } from '@/components/choice-fields';
import { DraftNotice } from '@/components/draft-notice';
import { FormField, fieldErrorId } from '@/components/form-field';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { drafts } from '@/lib/drafts';
import { useKeptDraft } from '@/lib/use-kept-draft';
import { FormError } from '@/components/form-error';
import { draftErrors, otherErrors, serverErrors, type FieldErrors } from '@/lib/field-errors';
import { revealFirstError } from '@/lib/reveal-first-error';
import { textError } from '@/lib/text-rules';
import { useFieldAria } from '@/lib/use-field-aria';
import { useDeleteAdminArticle } from '../api/delete-admin-article';
import { useSetArticlePublished } from '../api/publish-admin-article';
import { useSaveAdminArticle } from '../api/save-admin-article';
import { ArticleBody } from './article-body';

const ERRORS = 'helpAdmin.errors';
const SHOWN = ['title', 'slug', 'summary', 'tags', 'sortOrder', 'body'];

export interface ArticleDraft {
  slug: string;
  audience: HelpAudience;
  language: SupportedLanguage;
  title: string;
  summary: string;
  tags: string[];
  /** As typed. */
  sortOrder: string;
  body: string;
}

export const otherLanguage = (language: SupportedLanguage) =>
  SUPPORTED_LANGUAGES.find((l) => l !== language) ?? language;

/**
 * Writes or changes a help article: its fields, the Markdown body with a preview rendered as the
 * help centre renders it, saving as a draft, publishing and unpublishing, and the way to its
 * version in the other language.
 */
export function ArticleEditor({
  article,
  initial,
}: {
  /** The article being changed; none for a new one. */
  article?: HelpAdminArticle;
  initial: ArticleDraft;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const root = useRef<HTMLFormElement>(null);
  const save = useSaveAdminArticle();
  const publish = useSetArticlePublished();
  const remove = useDeleteAdminArticle();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const userId = useSession((s) => s.user?.id);
  // What is typed is kept 24 hours on this phone, per user and article (a new one by its slug
  // and language, as a translation's starts).
  const kept = useKeptDraft<ArticleDraft>(
    userId
      ? drafts.key('help-article', userId, article?.id ?? `new:${initial.slug}:${initial.language}`)
      : undefined,
    initial,
  );
  const [draft, setDraft] = useState<ArticleDraft>(() => ({ ...initial, ...kept.restored }));
  // Opening the editor changes nothing: the draft keeps the time it was last changed.
  const opened = useRef(true);
  useEffect(() => {
    if (opened.current) {
      opened.current = false;
      return;
    }
    kept.keep(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kept when it changes
  }, [draft]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [busy, setBusy] = useState(false);
  const ids = {
    title: useId(),
    slug: useId(),
    audience: useId(),
    language: useId(),
    summary: useId(),
    tags: useId(),
    sortOrder: useId(),
    body: useId(),
    tabs: useId(),
  };
  const titleRef = useFieldAria<InputRef>(!!errors.title, fieldErrorId(ids.title, errors.title));
  const slugRef = useFieldAria<InputRef>(!!errors.slug, fieldErrorId(ids.slug, errors.slug));
  const summaryRef = useFieldAria<TextAreaRef>(
    !!errors.summary,
    fieldErrorId(ids.summary, errors.summary),
  );
  const sortRef = useFieldAria<InputRef>(
    !!errors.sortOrder,
    fieldErrorId(ids.sortOrder, errors.sortOrder),
  );
  const bodyRef = useFieldAria<TextAreaRef>(!!errors.body, fieldErrorId(ids.body, errors.body));
  const published = article?.isPublished ?? false;
  const languageName = (l: SupportedLanguage) => t(`helpAdmin.languages.${l}`);

  const change = (changes: Partial<ArticleDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setErrors((e) => {
      const next = { ...e };
      delete next[''];
      for (const key of Object.keys(changes)) delete next[key];
      return next;
    });
  };

  /** The draft as the server takes it, or null after showing what is wrong. */
  const validInput = () => {
    const sortOrder = draft.sortOrder.trim() === '' ? 0 : Number(draft.sortOrder);
    const parsed = HelpArticleInputSchema.safeParse({ ...draft, sortOrder });
    if (!parsed.success) {
      setErrors(draftErrors(t, ERRORS, parsed.error.issues, t(`${ERRORS}.invalid`)));
      setTab('write');
      revealFirstError(root.current);
      return null;
    }
    return parsed.data;
  };

  const handleSave = async (thenPublish: boolean) => {
    const input = validInput();
    if (!input) return;
    setErrors({});
    setBusy(true);
    try {
      const saved = await save.mutateAsync({ id: article?.id, input });
      kept.forget();
      if (thenPublish && !saved.isPublished) {
        await publish.mutateAsync({ id: saved.id, published: true });
        showSuccess(t('helpAdmin.editor.publishedDone'));
      } else {
        showSuccess(t('helpAdmin.editor.saved'));
      }
      if (!article) void navigate(Paths.adminHelpArticle(saved.id), { replace: true });
    } catch (err) {
      setErrors(serverErrors(t, ERRORS, err as Error));
      setTab('write');
      revealFirstError(root.current);
    } finally {
      setBusy(false);
    }
  };

  const handleUnpublish = async () => {
    if (!article) return;
    const ok = await Dialog.confirm({
      title: t('helpAdmin.editor.unpublishTitle', { title: article.title }),
      content: t('helpAdmin.editor.unpublishContent'),
      confirmText: t('helpAdmin.editor.unpublish'),
      cancelText: t('helpAdmin.editor.cancel'),
    });
    if (!ok) return;
    publish.mutate(
      { id: article.id, published: false },
      {
        onSuccess: () => showSuccess(t('helpAdmin.editor.unpublishedDone')),
        onError: (err) => setErrors({ '': err.message }),
      },
    );
  };

  const handleDelete = async () => {
    if (!article) return;
    const ok = await Dialog.confirm({
      title: t('helpAdmin.editor.deleteTitle', { title: article.title }),
      content: t('helpAdmin.editor.deleteContent'),
      confirmText: t('helpAdmin.editor.delete'),
      cancelText: t('helpAdmin.editor.cancel'),
    });
    if (!ok) return;
    remove.mutate(article.id, {
      onSuccess: () => {
        showSuccess(t('helpAdmin.editor.deleted'));
        void navigate(Paths.adminHelp, { replace: true });
      },
      onError: (err) => setErrors({ '': err.message }),
    });
  };

  const translationLink = article?.translation ? (
    <Link to={Paths.adminHelpArticle(article.translation.id)} lang={article.translation.language}>
      {t('helpAdmin.editor.translation', {
        language: languageName(article.translation.language),
        title: article.translation.title,
      })}
    </Link>
  ) : article ? (
    <Link
      to={`${Paths.adminHelpArticle('new')}?${new URLSearchParams({
        slug: article.slug,
        audience: article.audience,
        language: otherLanguage(article.language),
        sortOrder: String(article.sortOrder),
      }).toString()}`}
    >
      {t('helpAdmin.editor.createTranslation', {
        language: languageName(otherLanguage(article.language)),
      })}
    </Link>
  ) : null;

  return (
    <form
      ref={root}
      className="article-editor page-body"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleSave(false);
      }}
    >
      {kept.restored && kept.noticeShown && (
        <DraftNotice
          onStartOver={() => {
            kept.forget();
            setDraft(initial);
            setErrors({});
          }}
          onDismiss={kept.dismissNotice}
        />
      )}
      <p className="article-editor__state" aria-live="polite">
        <Tag color={published ? 'success' : 'warning'}>
          {published ? t('helpAdmin.published') : t('helpAdmin.draft')}
        </Tag>{' '}
        {published ? t('helpAdmin.editor.statePublished') : t('helpAdmin.editor.stateDraft')}
      </p>
      {translationLink && (
        <p className="article-editor__translation">
          {translationLink}
          <span className="form-field__hint">{t('helpAdmin.editor.translationHelp')}</span>
        </p>
      )}

      <div className="article-editor__tabs" role="tablist" id={ids.tabs}>
        {(['write', 'preview'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${ids.tabs}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${ids.tabs}-${key}-panel`}
            className={`article-editor__tab${tab === key ? ' article-editor__tab--active' : ''}`}
            onClick={() => setTab(key)}
          >
            {t(`helpAdmin.editor.${key}`)}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${ids.tabs}-preview-panel`}
        aria-labelledby={`${ids.tabs}-preview`}
        hidden={tab !== 'preview'}
      >
        <article className="help-article article-editor__preview" lang={draft.language}>
          <h1 className="help-article__title">{draft.title}</h1>
          {draft.body.trim() ? (
            <ArticleBody markdown={draft.body} />
          ) : (
            <p className="section-tip">{t('helpAdmin.editor.previewEmpty')}</p>
          )}
        </article>
      </div>

      <div
        role="tabpanel"
        id={`${ids.tabs}-write-panel`}
        aria-labelledby={`${ids.tabs}-write`}
        hidden={tab !== 'write'}
      >
        <FormField id={ids.title} label={t('helpAdmin.editor.title')} error={errors.title} required>
          <Input
            ref={titleRef}
            id={ids.title}
            value={draft.title}
            maxLength={HELP_TITLE_MAX}
            placeholder={t('helpAdmin.editor.titlePlaceholder')}
            onChange={(title) => change({ title })}
          />
        </FormField>
        <FormField
          id={ids.slug}
          label={t('helpAdmin.editor.slug')}
          hint={t('helpAdmin.editor.slugHelp')}
          error={errors.slug}
          required
        >
          <Input
            ref={slugRef}
            id={ids.slug}
            value={draft.slug}
            maxLength={60}
            autoCapitalize="none"
            autoComplete="off"
            placeholder={t('helpAdmin.editor.slugPlaceholder')}
            onChange={(slug) => change({ slug })}
          />
        </FormField>
        <div className="form-field">
          <span id={ids.audience} className="form-field__label">
            {t('helpAdmin.editor.audience')}
          </span>
          <ChoiceChips
            labelledBy={ids.audience}
            options={HELP_AUDIENCES.map((a) => ({ value: a, label: t(`help.audience.${a}`) }))}
            value={draft.audience}
            onChange={(audience) => change({ audience })}
          />
        </div>
        <div className="form-field">
          <span id={ids.language} className="form-field__label">
            {t('helpAdmin.editor.language')}
          </span>
          <ChoiceChips
            labelledBy={ids.language}
            options={SUPPORTED_LANGUAGES.map((l) => ({ value: l, label: languageName(l) }))}
            value={draft.language}
            onChange={(language) => change({ language })}
          />
        </div>
        <FormField id={ids.summary} label={t('helpAdmin.editor.summary')} error={errors.summary}>
          <TextArea
            ref={summaryRef}
            id={ids.summary}
            value={draft.summary}
            maxLength={HELP_SUMMARY_MAX}
            rows={2}
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('helpAdmin.editor.summaryPlaceholder')}
            // One line: a line break would be refused.
            onChange={(summary) => change({ summary: summary.replace(/[\r\n]+/g, ' ') })}
          />
        </FormField>
        <FormField
          id={ids.tags}
          label={t('helpAdmin.editor.tags')}
          hint={t('helpAdmin.editor.tagsHelp')}
        >
          <ChipsInput
            id={ids.tags}
            values={draft.tags}
            lang={draft.language}
            onChange={(tags) => change({ tags })}
            placeholder={t('helpAdmin.editor.tagPlaceholder')}
            addText={t('helpAdmin.editor.addTag')}
            removeLabel={(value) => t('helpAdmin.editor.removeTag', { value })}
            maxLength={HELP_TAG_MAX}
            error={errors.tags}
            disabled={draft.tags.length >= HELP_TAGS_MAX}
            validate={(value, values) =>
              value === ''
                ? t(`${ERRORS}.HelpTagEmpty`)
                : values.includes(value)
                  ? t('helpAdmin.editor.tagDuplicate')
                  : textError(t, value)
            }
          />
        </FormField>
        <FormField
          id={ids.sortOrder}
          label={t('helpAdmin.editor.sortOrder')}
          hint={t('helpAdmin.editor.sortOrderHelp')}
          error={errors.sortOrder}
        >
          <Input
            ref={sortRef}
            id={ids.sortOrder}
            type="number"
            inputMode="numeric"
            value={draft.sortOrder}
            onChange={(sortOrder) => change({ sortOrder })}
          />
        </FormField>
        <FormField
          id={ids.body}
          label={t('helpAdmin.editor.body')}
          hint={
            <>
              {t('helpAdmin.editor.bodyHelp')}{' '}
              {t('helpAdmin.editor.chars', { count: draft.body.length, max: HELP_BODY_MAX })}
            </>
          }
          error={errors.body}
          required
        >
          <TextArea
            ref={bodyRef}
            id={ids.body}
            className="article-editor__body"
            value={draft.body}
            maxLength={HELP_BODY_MAX}
            autoSize={{ minRows: 10, maxRows: 30 }}
            onChange={(body) => change({ body })}
          />
        </FormField>
      </div>

      <FormError message={otherErrors(errors, SHOWN)} />
      <div className="article-editor__actions">
        <Button block type="submit" loading={busy && !publish.isPending}>
          {published ? t('helpAdmin.editor.save') : t('helpAdmin.editor.saveDraft')}
        </Button>
        {!published && (
          <Button
            block
            color="primary"
            loading={busy && publish.isPending}
            disabled={busy}
            onClick={() => void handleSave(true)}
          >
            {t('helpAdmin.editor.saveAndPublish')}
          </Button>
        )}
        {published && (
          <Button
            block
            color="warning"
            fill="outline"
            loading={!busy && publish.isPending}
            onClick={() => void handleUnpublish()}
          >
            {t('helpAdmin.editor.unpublish')}
          </Button>
        )}
        {article && (
          <Button
            block
            color="danger"
            fill="none"
            loading={remove.isPending}
            onClick={() => void handleDelete()}
          >
            {t('helpAdmin.editor.delete')}
          </Button>
        )}
      </div>
    </form>
  );
}
