// The ad's pictures (spec §3, issue 8): chosen files checked by content and size, resized to WebP by
// the browser (lib/files/resize.ts says why), each width uploaded with a progress bar; alt text in
// both languages; order changed by dragging or with move buttons whose result is announced.
import { AD_IMAGE_SOURCE_MAX_BYTES, AD_MAX_IMAGES } from '@partage/graphql';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageFile } from '../../lib/files/image-file';
import { resizeToWebp } from '../../lib/files/resize';
import { uploadPublicImage } from '../../lib/files/upload';
import { FieldError } from '../../lib/forms/field-description';
import { newKey, type ImageValues } from './ad-values';
import { TextInput } from './fields';
import type { AdForm } from './use-ad-form';

interface Pending {
  key: string;
  name: string;
  /** 0 to 1 over every width of the picture. */
  progress: number;
  /** A translation key when the file was refused or its upload failed. */
  failure?: string;
}

const MAX_MEGABYTES = AD_IMAGE_SOURCE_MAX_BYTES / (1024 * 1024);

const previewOf = (blob: Blob) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '');

/** Moves one item of a list to another position. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * `list` with `item` placed before the first item chosen after it (`rank`: the order in which files
 * were chosen, 0 for pictures already there). Uploads end in any order; the pictures keep the order
 * they were chosen in, and the first one chosen stays the ad's main picture.
 */
export function inChosenOrder<T extends { key: string }>(list: readonly T[], item: T, rank: (key: string) => number): T[] {
  const at = list.findIndex((other) => rank(other.key) > rank(item.key));
  return at === -1 ? [...list, item] : [...list.slice(0, at), item, ...list.slice(at)];
}

export function ImagesField({ form, onBusyChange }: { form: AdForm; onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation('adForm');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const { values, update, messageAt, register } = form;
  const images = values.images;
  const [pending, setPending] = useState<Pending[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<number | null>(null);
  const inProgress = useRef(0);
  /** The order in which the files of this form were chosen, by key (see inChosenOrder). */
  const choiceOrder = useRef(new Map<string, number>());
  const rank = (key: string) => choiceOrder.current.get(key) ?? 0;

  const setImages = (change: (current: ImageValues[]) => ImageValues[]) =>
    update((current) => ({ ...current, images: change(current.images) }));
  const patchPending = (key: string, patch: Partial<Pending>) =>
    setPending((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const upload = async (file: File, key: string) => {
    const refused = await checkImageFile(file);
    if (refused) return patchPending(key, { failure: refused === 'fileSize' ? 'images.tooLarge' : 'images.wrongType' });
    try {
      const variants = await resizeToWebp(file);
      const fileIds: string[] = [];
      for (const [index, variant] of variants.entries()) {
        fileIds.push(
          await uploadPublicImage(variant.blob, (fraction) => patchPending(key, { progress: (index + fraction) / variants.length })),
        );
      }
      setPending((current) => current.filter((item) => item.key !== key));
      const image = { key, fileIds, alt: { fr: '', en: '' }, previewUrl: previewOf(variants[0]!.blob) };
      setImages((current) => inChosenOrder(current, image, rank));
      setAnnouncement(t('images.uploaded', { name: file.name }));
    } catch {
      patchPending(key, { failure: 'images.uploadFailed' });
    }
  };

  const choose = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const room = AD_MAX_IMAGES - images.length - pending.filter((item) => !item.failure).length;
    const accepted = chosen.slice(0, Math.max(0, room));
    if (accepted.length < chosen.length) setAnnouncement(t('images.tooMany', { max: AD_MAX_IMAGES }));
    const added = accepted.map((file) => ({ file, item: { key: newKey('image'), name: file.name, progress: 0 } }));
    for (const { item } of added) choiceOrder.current.set(item.key, choiceOrder.current.size + 1);
    setPending((current) => [...current, ...added.map(({ item }) => item)]);
    inProgress.current += added.length;
    onBusyChange(inProgress.current > 0);
    for (const { file, item } of added) {
      void upload(file, item.key).finally(() => {
        inProgress.current -= 1;
        onBusyChange(inProgress.current > 0);
      });
    }
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    setImages((current) => moved(current, from, to));
    setAnnouncement(t('images.movedTo', { position: to + 1, count: images.length }));
  };

  const remove = (index: number) => {
    const url = images[index]?.previewUrl;
    // A preview made from a chosen file holds its bytes until revoked.
    if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
    setImages((current) => current.filter((_, i) => i !== index));
    setAnnouncement(t('images.removed', { position: index + 1 }));
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged.current !== null) move(dragged.current, to);
    dragged.current = null;
  };

  const full = images.length + pending.filter((item) => !item.failure).length >= AD_MAX_IMAGES;

  return (
    <div className="ad-images">
      <p id={hintId} className="field__hint">
        {t('images.hint', { max: AD_MAX_IMAGES, megabytes: MAX_MEGABYTES })}
      </p>
      <div className="field">
        <input
          id={inputId}
          ref={register('images')}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={full}
          aria-describedby={[hintId, messageAt('images') && errorId].filter(Boolean).join(' ')}
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="button button--secondary ad-images__choose">
          {t('images.choose')}
        </label>
        <FieldError id={errorId} error={messageAt('images')} />
      </div>
      {pending.length > 0 && (
        <ul className="ad-images__pending">
          {pending.map((item) => (
            <li key={item.key}>
              {item.failure ? (
                // Announced: the refusal comes after the file dialog closed, away from where focus is.
                <p role="alert" className="field__error">
                  {t(item.failure, { name: item.name, megabytes: MAX_MEGABYTES })}{' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setPending((current) => current.filter((p) => p.key !== item.key))}
                  >
                    {t('images.dismiss')}
                  </button>
                </p>
              ) : (
                <label>
                  {t('images.uploading', { name: item.name })}
                  <progress max={1} value={item.progress} />
                </label>
              )}
            </li>
          ))}
        </ul>
      )}
      <ol className="ad-images__list">
        {images.map((image, index) => (
          <li
            key={image.key}
            className="ad-images__item"
            draggable
            onDragStart={() => (dragged.current = index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
          >
            <fieldset ref={register(`images.${index}`)} tabIndex={-1}>
              <legend>{t('images.position', { position: index + 1 })}</legend>
              {image.previewUrl && <img src={image.previewUrl} alt="" className="ad-images__preview" />}
              <FieldError id={undefined} error={messageAt(`images.${index}.fileIds`)} />
              <TextInput
                label={t('images.altFr')}
                lang="fr"
                value={image.alt.fr}
                error={messageAt(`images.${index}.alt.fr`, `images.${index}.alt`)}
                register={register(`images.${index}.alt`)}
                onChange={(fr) =>
                  setImages((current) => current.map((item) => (item.key === image.key ? { ...item, alt: { ...item.alt, fr } } : item)))
                }
              />
              <TextInput
                label={t('images.altEn')}
                lang="en"
                value={image.alt.en}
                error={messageAt(`images.${index}.alt.en`)}
                register={register(`images.${index}.alt.en`)}
                onChange={(en) =>
                  setImages((current) => current.map((item) => (item.key === image.key ? { ...item, alt: { ...item.alt, en } } : item)))
                }
              />
              <div className="ad-images__actions">
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-disabled={index === 0 || undefined}
                  onClick={() => move(index, index - 1)}
                >
                  {t('images.moveUp', { position: index + 1 })}
                </button>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-disabled={index === images.length - 1 || undefined}
                  onClick={() => move(index, index + 1)}
                >
                  {t('images.moveDown', { position: index + 1 })}
                </button>
                <button type="button" className="button button--small button--secondary" onClick={() => remove(index)}>
                  {t('images.remove', { position: index + 1 })}
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
