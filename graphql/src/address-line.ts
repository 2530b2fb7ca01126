// An ad's place on one line: its address, town and postal code, each said once. The address often
// holds the town already (an address picked from the suggestions: "12 rue Cascades, Saint-Hyacinthe";
// a town picked alone: "Saint-Hyacinthe"), and "Saint-Hyacinthe, Saint-Hyacinthe" reads as a mistake.

/** Compared without case, accents or spacing: "Lévis" and "LEVIS" are the same town. */
const comparable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim()
    .toLowerCase();

export function addressLine({
  address,
  town,
  postalCode,
}: {
  address?: string | null;
  town?: string | null;
  postalCode?: string | null;
}): string {
  const line = (address ?? '')
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean);
  const said = new Set(line.map(comparable));
  for (const part of [town?.trim(), postalCode?.trim()]) {
    if (!part || said.has(comparable(part))) continue;
    line.push(part);
    said.add(comparable(part));
  }
  return line.join(', ');
}
