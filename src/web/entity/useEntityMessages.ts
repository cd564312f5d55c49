import { useTranslation } from 'react-i18next';
import type { AnyEntity } from '../../core/entity/define';
import { useLocale } from '../i18n/useLocale';

/**
 * Notification and confirmation texts about one entity: "Contact created", "Error creating contact",
 * "Delete this contact?" in the page's language. English lower-cases the entity inside a sentence.
 */
export function useEntityMessages(def: AnyEntity) {
  const { t } = useTranslation();
  const { locale, label } = useLocale();
  const name = label(def.label);
  const inSentence = locale === 'en' ? name.toLowerCase() : name;
  return {
    name,
    created: t('notify.created', { entity: name }),
    updated: t('notify.updated', { entity: name }),
    deleted: t('notify.deleted', { entity: name }),
    createError: t('notify.createError', { entity: inSentence }),
    updateError: t('notify.updateError', { entity: inSentence }),
    deleteError: t('notify.deleteError', { entity: inSentence }),
    loadError: t('notify.loadError', { entity: inSentence }),
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
