// The pages' shared states: loading, a refusal (the server's message), nothing to show; say() shows a
// short message (a Toast), e.g. the server's message of a refused write.
import { ErrorBlock, SpinLoading, Toast } from "antd-mobile";

export function say(content: string): void {
  Toast.show({ content });
}

export const Loading = () => (
  <div className="h5-center" role="status" aria-label="加载中">
    <SpinLoading color="primary" />
  </div>
);

export const Refused = ({ message }: { message: string }) => <ErrorBlock status="default" title="无法加载" description={message} />;

export const Nothing = ({ title }: { title: string }) => <ErrorBlock status="empty" title={title} description="" />;

/** A page's title bar (antd-mobile's NavBar: its back control, a div with role button, has no accessible name). */
export const Title = ({ children }: { children: string }) => <h1 className="h5-title">{children}</h1>;
