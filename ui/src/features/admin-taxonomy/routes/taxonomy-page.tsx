//! /admin/rooms and /admin/categories: the rooms in menu order, the categories as a tree. Titles in
//! five languages, page name (the web address), order (drag on a desktop, up/down on a phone),
//! nesting for categories (never under its own child), create, and delete, which the server refuses
//! while products still use the node (its message gives the count). Needs `catalog.write`; menus
//! and pages of the storefront change at once.
import { useEffect, useId, useState } from 'react';
import type { AdminCategory, Localized, Room } from '../../../api/types';
import { ApiError } from '../../../api/client';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import {
  deleteCategory,
  deleteRoom,
  listCategories,
  listRooms,
  orderCategories,
  orderRooms,
  saveCategory,
  saveRoom,
} from '../api/taxonomy-api';
import { TitleFields } from '../components/title-fields';
import type { TaxonomyTools } from '../tools';
import { dropAt, emptyTitle, keyFromTitle, missingTitles, moveKey, possibleParents, treeRows } from '../tree-rules';
import '../admin-taxonomy.css';

type Kind = 'rooms' | 'categories';

/** One node as both pages edit it; a room keeps its image and icon. */
type Node = AdminCategory & { room?: Room };

type Draft = { key: string; title: Localized; pageName: string; parent: string; isNew: boolean; original: Node | null };

async function load(kind: Kind, signal: AbortSignal): Promise<Node[]> {
  if (kind === 'categories') return listCategories({ signal });
  const rooms = await listRooms({ signal });
  return rooms.map(({ products, ...room }) => ({
    key: room.key,
    title: room.title,
    pageName: room.pageName,
    parent: null,
    order: room.order,
    products,
    room,
  }));
}

export type TaxonomyPageProps = { tools: TaxonomyTools };

export function RoomsPage({ tools }: TaxonomyPageProps) {
  return <TaxonomyPage kind="rooms" tools={tools} />;
}

export function CategoriesPage({ tools }: TaxonomyPageProps) {
  return <TaxonomyPage kind="categories" tools={tools} />;
}

function TaxonomyPage({ kind, tools }: { kind: Kind; tools: TaxonomyTools }) {
  const { t, locale } = useI18n();
  const heading = kind === 'rooms' ? t('admin.taxonomy.rooms') : t('admin.taxonomy.categories');
  useDocumentTitle(heading);
  const id = useId();
  const [nodes, setNodes] = useState<Node[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    load(kind, controller.signal).then(
      (list) => !controller.signal.aborted && setNodes(list),
      (failed: unknown) => !controller.signal.aborted && setError(failed),
    );
    return () => controller.abort();
  }, [kind, attempt]);

  const reload = () => setAttempt((n) => n + 1);
  const titleOf = (node: Node) => pickText(node.title, locale) || node.key;
  const rows =
    kind === 'rooms'
      ? (nodes ?? [])
          .slice()
          .sort((a, b) => a.order - b.order || a.key.localeCompare(b.key))
          .map((category, _i, all) => ({ category, depth: 0, siblings: all.map((n) => n.key) }))
      : treeRows(nodes ?? []);

  const open = (node: Node | null) => {
    setDraft(
      node
        ? { key: node.key, title: { ...emptyTitle(), ...node.title }, pageName: node.pageName ?? '', parent: node.parent ?? '', isNew: false, original: node }
        : { key: '', title: emptyTitle(), pageName: '', parent: '', isNew: true, original: null },
    );
    setFailure(null);
    setNotice(null);
  };

  const reorder = async (node: Node, keys: string[]) => {
    setNotice(null);
    try {
      if (kind === 'rooms') await orderRooms(keys);
      else await orderCategories(node.parent, keys);
      setNodes((list) => (list ?? []).map((n) => (keys.includes(n.key) && n.parent === node.parent ? { ...n, order: keys.indexOf(n.key) } : n)));
      setNotice({ text: t('admin.taxonomy.reordered') });
    } catch (caught) {
      setNotice({ text: tools.errorText(caught), error: true });
      reload();
    }
  };

  const remove = async (node: Node) => {
    if (!window.confirm(t('admin.taxonomy.confirmDelete', { name: titleOf(node) }))) return;
    setNotice(null);
    try {
      if (kind === 'rooms') await deleteRoom(node.key);
      else await deleteCategory(node.key);
      setNodes((list) => (list ?? []).filter((n) => n.key !== node.key));
      setNotice({ text: t('admin.taxonomy.deleted', { name: titleOf(node) }) });
    } catch (caught) {
      const text =
        caught instanceof ApiError && caught.code === 'in_use'
          ? node.products > 0
            ? t('admin.taxonomy.inUse', { name: titleOf(node), count: node.products })
            : t('admin.taxonomy.inUseOther', { name: titleOf(node) })
          : tools.errorText(caught);
      setNotice({ text, error: true });
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!draft) return;
    const key = draft.isNew ? draft.key.trim() || keyFromTitle(draft.title.en) : draft.key;
    setBusy(true);
    setFailure(null);
    try {
      const pageName = draft.pageName.trim() || null;
      if (kind === 'rooms') {
        const base = draft.original?.room;
        await saveRoom({ key, title: draft.title, pageName, image: base?.image ?? null, icon: base?.icon ?? null, order: base?.order ?? 0 }, draft.isNew);
      } else {
        const parent = draft.parent || null;
        const keepOrder = draft.original && draft.original.parent === parent ? draft.original.order : 0;
        await saveCategory({ key, title: draft.title, pageName, parent, order: keepOrder, products: 0 }, draft.isNew);
      }
      setNotice({ text: t(draft.isNew ? 'admin.taxonomy.created' : 'admin.taxonomy.saved', { name: draft.title.en || key }) });
      setDraft(null);
      reload();
    } catch (caught) {
      setFailure(
        caught instanceof ApiError && caught.code === 'already_exists'
          ? t('admin.taxonomy.keyTaken', { key })
          : caught instanceof ApiError && caught.code === 'invalid_input'
            ? caught.message
            : tools.errorText(caught),
      );
    } finally {
      setBusy(false);
    }
  };

  const parents = kind === 'categories' && draft ? possibleParents(nodes ?? [], draft.isNew ? null : draft.key) : [];

  const form = draft ? (
    <section class="admin-card" aria-labelledby={`${id}-form`} data-testid="taxonomy-form">
      <h2 id={`${id}-form`} class="admin-card__title">
        {draft.isNew ? (kind === 'rooms' ? t('admin.taxonomy.newRoom') : t('admin.taxonomy.newCategory')) : t('admin.taxonomy.edit', { name: draft.title.en || draft.key })}
      </h2>
      <form class="tax-form__grid" onSubmit={(event) => void submit(event)} noValidate>
        <div class="tax-form__wide">
          <TitleFields id={`${id}-title`} title={draft.title} onChange={(title) => setDraft({ ...draft, title })} />
        </div>
        <div class="admin-field">
          <label for={`${id}-key`}>{t('admin.taxonomy.key')}</label>
          <input
            id={`${id}-key`}
            type="text"
            value={draft.isNew ? draft.key : draft.key}
            placeholder={draft.isNew ? keyFromTitle(draft.title.en) : undefined}
            readOnly={!draft.isNew}
            maxLength={40}
            spellcheck={false}
            autoCapitalize="none"
            onInput={(event) => setDraft({ ...draft, key: (event.currentTarget as HTMLInputElement).value })}
          />
          <p class="admin-muted">{draft.isNew ? t('admin.taxonomy.keyHint') : t('admin.taxonomy.keyFixed')}</p>
        </div>
        <div class="admin-field">
          <label for={`${id}-page`}>{t('admin.taxonomy.pageName')}</label>
          <input
            id={`${id}-page`}
            type="text"
            value={draft.pageName}
            maxLength={60}
            spellcheck={false}
            autoCapitalize="none"
            onInput={(event) => setDraft({ ...draft, pageName: (event.currentTarget as HTMLInputElement).value })}
          />
          <p class="admin-muted">{t('admin.taxonomy.pageNameHint', { path: `/${kind === 'rooms' ? 'room' : 'category'}/${(draft.pageName.trim() || draft.key || keyFromTitle(draft.title.en)).toLowerCase()}` })}</p>
        </div>
        {kind === 'categories' ? (
          <div class="admin-field">
            <label for={`${id}-parent`}>{t('admin.taxonomy.parent')}</label>
            <select id={`${id}-parent`} value={draft.parent} onChange={(event) => setDraft({ ...draft, parent: (event.currentTarget as HTMLSelectElement).value })}>
              <option value="">{t('admin.taxonomy.top')}</option>
              {parents.map((p) => (
                <option key={p.key} value={p.key}>
                  {titleOf(p)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {failure ? (
          <p class="admin-alert admin-alert--error tax-form__wide" role="alert">
            {failure}
          </p>
        ) : null}
        <div class="tax-form__wide tax-form__actions">
          <button type="submit" class="button" disabled={busy}>
            {busy ? t('admin.common.saving') : t('admin.taxonomy.save')}
          </button>
          <button type="button" class="button button--ghost" onClick={() => setDraft(null)}>
            {t('admin.taxonomy.cancel')}
          </button>
        </div>
      </form>
    </section>
  ) : null;

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {heading}
        </h1>
        {!draft ? (
          <button type="button" class="button" onClick={() => open(null)}>
            {kind === 'rooms' ? t('admin.taxonomy.newRoom') : t('admin.taxonomy.newCategory')}
          </button>
        ) : null}
      </header>
      <p class={`admin-alert ${notice?.error ? 'admin-alert--error' : 'admin-alert--ok'}`} role={notice?.error ? 'alert' : 'status'} hidden={!notice}>
        {notice?.text}
      </p>
      {form}
      {error ? (
        <LoadError message={tools.errorText(error)} onRetry={reload} />
      ) : null}
      {!nodes && !error ? <Loading /> : null}
      {nodes && !draft ? (
        <>
          <p class="admin-muted">{tools.narrow ? t('admin.taxonomy.moveHint') : t('admin.taxonomy.dragHint')}</p>
          <ul class="tax-list" aria-label={heading}>
            {rows.map(({ category: node, depth, siblings }) => {
              const at = siblings.indexOf(node.key);
              const missing = missingTitles(node.title);
              return (
                <li
                  key={node.key}
                  class={`tax-row${dragging === node.key ? ' is-dragging' : ''}${over === node.key ? ' is-over' : ''}`}
                  style={{ marginInlineStart: `${depth * 1.5}rem` }}
                  data-testid="taxonomy-row"
                  data-key={node.key}
                  draggable={!tools.narrow}
                  onDragStart={(event) => {
                    setDragging(node.key);
                    event.dataTransfer?.setData('text/plain', node.key);
                  }}
                  onDragEnd={() => {
                    setDragging(null);
                    setOver(null);
                  }}
                  onDragOver={(event) => {
                    const source = nodes.find((n) => n.key === dragging);
                    if (source && source.parent === node.parent) {
                      event.preventDefault();
                      setOver(node.key);
                    }
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    const source = dragging;
                    setDragging(null);
                    setOver(null);
                    if (source && source !== node.key && siblings.includes(source)) void reorder(node, dropAt(siblings, source, at));
                  }}
                >
                  {!tools.narrow ? (
                    <span class="tax-row__handle" aria-hidden="true">
                      ⋮⋮
                    </span>
                  ) : null}
                  <div class="tax-row__main">
                    <span class="tax-row__title">{titleOf(node)}</span>
                    <p class="tax-row__meta">
                      <code>{node.key}</code>
                      {node.pageName ? ` · /${node.pageName}` : ''} · {t('admin.taxonomy.productCount', { count: node.products })}
                      {missing.length ? <span class="tax-missing"> · {t('admin.taxonomy.missingIn', { langs: missing.join(', ') })}</span> : null}
                    </p>
                  </div>
                  <div class="tax-row__actions">
                    <button
                      type="button"
                      class="button button--ghost button--small tax-row__move"
                      aria-label={t('admin.taxonomy.moveUp', { name: titleOf(node) })}
                      disabled={at <= 0}
                      onClick={() => void reorder(node, moveKey(siblings, node.key, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      class="button button--ghost button--small tax-row__move"
                      aria-label={t('admin.taxonomy.moveDown', { name: titleOf(node) })}
                      disabled={at >= siblings.length - 1}
                      onClick={() => void reorder(node, moveKey(siblings, node.key, 1))}
                    >
                      ↓
                    </button>
                    <button type="button" class="button button--ghost button--small" onClick={() => open(node)}>
                      {t('admin.taxonomy.editButton')}
                    </button>
                    <button type="button" class="button button--danger-ghost button--small" onClick={() => void remove(node)}>
                      {t('admin.taxonomy.delete')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
