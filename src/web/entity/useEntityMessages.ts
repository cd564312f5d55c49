import { useTranslation } from 'react-i18next';
import type { AnyEntity } from '../../core/entity/define';
import { useLocale } from '../i18n/useLocale';

/**
 * Notification and confirmation texts about one entity: "Contact created", "Error creating contact",
 * "Delete this contact?" in the page's language. English lower-cases the entity inside a sentence (acronyms such
 * as UOM stay). A module may word a message its own way with an i18next context key
 * (`notify.createError_inventory`: "Error adding product"); lists that fail to load name the plural.
 */
const lowerWords = (s: string) => s.split(' ').map((w) => (/^[A-Z0-9]{2,}$/.test(w) ? w : w.toLowerCase())).join(' ');

export function useEntityMessages(def: AnyEntity) {
  const { t } = useTranslation();
  const { locale, label } = useLocale();
  const name = label(def.label);
  const inSentence = locale === 'en' ? lowerWords(name) : name;
  const plural = locale === 'en' ? lowerWords(label(def.pluralLabel)) : label(def.pluralLabel);
  const context = def.module;
  return {
    name,
    created: t('notify.created', { entity: name, context }),
    updated: t('notify.updated', { entity: name, context }),
    deleted: t('notify.deleted', { entity: name, context }),
    createError: t('notify.createError', { entity: inSentence, context }),
    updateError: t('notify.updateError', { entity: inSentence, context }),
    deleteError: t('notify.deleteError', { entity: inSentence, context }),
    loadError: t('notify.loadError', { entity: plural, context }),
    confirmAdd: t('confirm.add', { entity: inSentence }),
    confirmEdit: t('confirm.edit', { entity: inSentence }),
    confirmDelete: t('confirm.delete', { entity: inSentence }),
    transitioned: (action: string) => t('notify.transitioned', { entity: name, action }),
    transitionError: (action: string) => t('notify.transitionError', { entity: inSentence, action }),
    confirmTransition: (action: string) => t('confirm.transition', { entity: inSentence, action }),
    createTitle: t('form.createTitle', { entity: inSentence }),
    editTitle: t('form.editTitle', { entity: inSentence }),
  };
}
