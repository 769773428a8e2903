// An image field's value on the list and detail pages: antd's Image with its preview, a chunk of its
// own (field-kits.ts), loaded by the pages that show such a field. An address of this server's API (a
// resident's repair photo) needs the session's signature, which an <img> cannot send: it is fetched
// with the session (fetchFile) and shown from the bytes. An imageList field shows each of its images.
import { Image, Space } from "antd";
import { useEffect, useState } from "react";
import { fetchFile } from "../../http/request.ts";

const API_ADDRESS = /^\/api\//;

function useImageSource(src: string): string | undefined {
  const fetched = API_ADDRESS.test(src);
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!fetched) return;
    let url: string | undefined;
    let current = true;
    fetchFile(src, undefined, { silent: true }).then(
      (file) => {
        if (!current) return;
        url = URL.createObjectURL(new Blob([file.data], { type: file.type }));
        setObjectUrl(url);
      },
      () => undefined,
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, fetched]);
  return fetched ? objectUrl : src;
}

export default function ImageValue({ src, alt, detail }: { src: string | readonly string[]; alt: string; detail?: boolean }) {
  if (typeof src !== "string") {
    return (
      <Space wrap size={8}>
        {src.map((one, i) => (
          <OneImage key={one} src={one} alt={`${alt}${i + 1}`} detail={detail} />
        ))}
      </Space>
    );
  }
  return <OneImage src={src} alt={alt} detail={detail} />;
}

function OneImage({ src, alt, detail }: { src: string; alt: string; detail?: boolean }) {
  const shown = useImageSource(src);
  const width = detail ? 160 : 48;
  if (!shown) return <span style={{ display: "inline-block", width, height: width }} aria-label={alt} role="img" />;
  return <Image src={shown} width={width} alt={alt} style={{ objectFit: "cover" }} />;
}
