// 应用令牌 (docs/api.md): the generic list of apiTokens (with 撤销, revokeApiToken) under a card that
// makes one (createApiToken). The new token is shown once, in a dialog that says so: the server keeps
// only its hash, and no later read can show it again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Flex, Form, Input, InputNumber, Modal, Typography } from "antd";
import { useState } from "react";
import { queries } from "../../../http/query-client.ts";
import type { PageProps } from "../../../lib/page-props.ts";
import { useResourceDef } from "../../../providers/resourceDefs.ts";
import { FieldInput } from "../../../generic/inputs.tsx";
import { codesOf } from "../../../generic/authorities/authorityTree.ts";
import ListPage from "../../../generic/ListPage.tsx";
import { valueText } from "../../../generic/display.tsx";
import { texts } from "../../../../../generated/texts.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import type { CreateApiTokenData } from "../../../../../generated/operation-types.ts";

const RESOURCE = "apiTokens";
const T = texts.apiTokens;
/** What a new token is valid for unless the administrator says otherwise. */
const DEFAULT_DAYS = 90;

/** The ids of the community tree's value (JSON text of ids). */
function idsOf(value: unknown): number[] {
  try {
    const list: unknown = typeof value === "string" ? JSON.parse(value) : value;
    return Array.isArray(list) ? list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

export default function ApiTokensPage({ route }: PageProps) {
  const def = useResourceDef(RESOURCE);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [name, setName] = useState("");
  // The tree inputs' values: the JSON text of the checked codes and ids (the generic form's convention).
  const [authorities, setAuthorities] = useState<unknown>("[]");
  const [communities, setCommunities] = useState<unknown>("[]");
  const [validDays, setValidDays] = useState<number>(DEFAULT_DAYS);
  const [made, setMade] = useState<CreateApiTokenData | null>(null);
  const create = useMutation({
    ...queries.createApiToken.mutationOptions({ loading: T.creating }),
    onSuccess: (result) => {
      setMade(result);
      setName("");
      setAuthorities("[]");
      setCommunities("[]");
      void client.invalidateQueries();
    },
  });
  const field = (fieldName: string) => def?.fields.find((f) => f.name === fieldName);
  const authorityField = field("authorities");
  const communityField = field("communityIds");
  const expiresField = field("expiresAt");
  const submit = () => {
    const codes = codesOf(authorities);
    if (!name.trim() || codes.length === 0) {
      void message.warning(T.required);
      return;
    }
    create.mutate({ body: { name: name.trim(), authorities: codes, communityIds: idsOf(communities), validDays } });
  };
  return (
    <Flex vertical gap={12}>
      <Card size="small" title={T.create}>
        <Typography.Paragraph type="secondary">{T.createHint}</Typography.Paragraph>
        <Form layout="vertical" style={{ maxWidth: 640 }}>
          <Form.Item label={T.name} htmlFor="api-token-name" required>
            <Input id="api-token-name" value={name} maxLength={32} onChange={(e) => setName(e.target.value)} />
          </Form.Item>
          <Form.Item label={T.authorities} htmlFor="api-token-authorities" required>
            {authorityField && <FieldInput id="api-token-authorities" field={authorityField} value={authorities} onChange={setAuthorities} />}
          </Form.Item>
          <Form.Item label={T.communities} htmlFor="api-token-communities">
            {communityField && <FieldInput id="api-token-communities" field={communityField} value={communities} onChange={setCommunities} />}
          </Form.Item>
          <Form.Item label={T.validDays} htmlFor="api-token-days" required>
            <InputNumber id="api-token-days" min={1} max={730} precision={0} value={validDays} onChange={(v) => setValidDays(typeof v === "number" ? v : DEFAULT_DAYS)} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" loading={create.isPending} onClick={submit}>
              {T.submit}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {route && <ListPage resource={RESOURCE} route={route} />}
      <Modal
        open={made !== null}
        title={made?.name}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => setMade(null)}>
            {T.close}
          </Button>
        }
      >
        {made && (
          <Flex vertical gap={8}>
            <Typography.Text type="warning">{T.shownOnce}</Typography.Text>
            <Typography.Paragraph code copyable={{ text: made.token, tooltips: [T.copy, T.copied] }} style={{ wordBreak: "break-all" }}>
              {made.token}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{fillTexts.apiTokens.expiresAt({ expiresAt: expiresField ? valueText(expiresField, made.expiresAt) : made.expiresAt })}</Typography.Text>
          </Flex>
        )}
      </Modal>
    </Flex>
  );
}
