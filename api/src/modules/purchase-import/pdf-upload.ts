import { Invalid } from '../../errors.ts';

// The upload route reads the PDF as the raw body (a Buffer). Its size is the platform's body limit
// (plugins/body-limit.ts, set to PDF_IMPORT_MAX_BYTES with the field `file` on the route); what
// is wrong with the bytes themselves is refused here in the user's words, with the same field.

export const fileEmpty = () => new Invalid('The file is empty', [{ field: 'file', message: 'The file is empty' }]);
export const notAPdf = () => new Invalid('This file is not a PDF', [{ field: 'file', message: 'This file is not a PDF' }]);
