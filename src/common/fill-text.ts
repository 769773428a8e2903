/** A text with its {name} placeholders filled; a placeholder without a value is left as it is. */
export const fillText = (template: string, values: Record<string, string | number>): string => template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
