// Styles under the page's Content-Security-Policy. The server gives every index.html answer a fresh
// style nonce, in its policy's style-src and in <meta name="csp-nonce"> (src/server/platform/http/web-app.ts).
// The policy guards against injected markup: a <style> element or a style attribute that arrives as
// markup is refused. What the app's own scripts do with styles is let through: antd takes the nonce
// through ConfigProvider's csp (ui/antd-setup.tsx), and for code that takes none this module, imported first
// by main.tsx,
// - gives every <style> made by document.createElement the nonce (rc-util's scroll lock while a
//   modal is open, React's <style> in a few pages);
// - turns setAttribute("style", …) into a CSSOM write, which the policy does not govern (antd's
//   Watermark, rc-textarea's autosize measurement).
// Scripts get no nonce: the policy allows the app's own files only.
const content = typeof document === "undefined" ? undefined : document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;

/** undefined without a server-made nonce (the dev server's page keeps the placeholder, and has no policy). */
export const cspNonce = content && content !== "__CSP_NONCE__" ? content : undefined;

if (cspNonce) {
  const nonce = cspNonce;
  const createElement = document.createElement.bind(document);
  document.createElement = (tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  };

  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the element as `this`
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === "style" && (this instanceof HTMLElement || this instanceof SVGElement)) this.style.cssText = value;
    else setAttribute.call(this, name, value);
  };
}
