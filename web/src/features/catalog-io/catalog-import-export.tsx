/** CSV import (with its preview) and export, for the products page header. */
export function CatalogImportExport() {
  return null;
}
