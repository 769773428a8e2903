// An image field's value on the list and detail pages: antd's Image with its preview, a chunk of its
// own (field-kits.ts), loaded by the pages that show such a field.
import { Image } from "antd";

export default function ImageValue({ src, alt, detail }: { src: string; alt: string; detail?: boolean }) {
  return <Image src={src} width={detail ? 160 : 48} alt={alt} style={{ objectFit: "cover" }} />;
}
