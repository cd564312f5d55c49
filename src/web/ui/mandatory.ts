/**
 * Required fields are marked with an asterisk drawn by CSS (global.css, `[data-mandatory]::after`, with empty
 * alternative text) instead of Mantine's asterisk element, so a label's text and an input's accessible name
 * are exactly the field's name; `aria-required` tells assistive technology the field is required.
 */
export function mandatory(required: boolean | undefined): { labelProps?: { 'data-mandatory': true }; 'aria-required'?: boolean } {
  return required ? { labelProps: { 'data-mandatory': true }, 'aria-required': true } : {};
}
