// Catches a page that failed to load or render, so one broken page never blanks the whole app.
// Plain markup on purpose: this sits in the startup chunk.
import { Component, type ErrorInfo, type ReactNode } from "react";

interface State {
  error: Error | null;
}

export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("page failed", error, info.componentStack);
  }

  render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" style={{ padding: "64px 24px", textAlign: "center", color: "rgba(0,0,0,0.65)" }}>
        <div style={{ fontSize: 20, marginBottom: 8, color: "rgba(0,0,0,0.88)" }}>页面加载失败</div>
        <div style={{ marginBottom: 24 }}>请检查网络后刷新重试</div>
        <button
          type="button"
          onClick={() => window.location.reload()}
          style={{ padding: "4px 16px", border: "none", borderRadius: 4, background: "#1668dc", color: "#fff", cursor: "pointer", fontSize: 14, lineHeight: "24px" }}
        >
          刷新
        </button>
      </div>
    );
  }
}
