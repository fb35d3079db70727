import { FORMS_SCRIPT } from './early-forms.ts';
import { SAVE_DATA_SCRIPT } from './save-data.ts';

/**
 * The inline scripts of every prerendered page, in the order prerender.ts puts them at the top of its
 * head; the Content-Security-Policy allows exactly these texts, each by its hash (headers.ts).
 */
export const INLINE_SCRIPTS = [SAVE_DATA_SCRIPT, FORMS_SCRIPT];
