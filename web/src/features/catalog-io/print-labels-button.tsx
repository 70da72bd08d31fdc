/** Prints barcode labels for the given variants. */
export function PrintLabelsButton(_props: { variantIds: string[] }) {
  return null;
}
