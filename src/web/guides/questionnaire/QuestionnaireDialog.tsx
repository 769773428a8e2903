// The satisfaction questionnaire dialog (spec §3, §4, §5, §8): stars for the single-choice question
// (a click selects, a second click deselects), a comment of at most 255 characters, 请选择满意度
// without a choice, 问卷提交成功 on success. The questionnaire is fetched by the caller.
import { StarFilled, StarOutlined } from "@ant-design/icons";
import { Button, Input, message, Modal, Space, Typography } from "antd";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { constants } from "../../../../generated/constants.ts";
import { messages } from "../../../../generated/errors.ts";
import { guideKeys, guideMutations } from "../queries.ts";
import { buildSubmission, toggleChoice, validateAnswer, type AnswerDraft, type Questionnaire } from "./questionnaire-state.ts";

export interface QuestionnaireDialogProps {
  questionnaire: Questionnaire;
  /** Closed without submitting. */
  onCancel: () => void;
  onSubmitted: () => void;
}

export default function QuestionnaireDialog({ questionnaire, onCancel, onSubmitted }: QuestionnaireDialogProps) {
  const [draft, setDraft] = useState<AnswerDraft>({ choices: {}, texts: {} });
  const [problem, setProblem] = useState<{ questionId: string; message: string } | null>(null);
  const client = useQueryClient();
  const submission = useMutation({ ...guideMutations.submitQuestionnaire(), onSuccess: () => client.invalidateQueries({ queryKey: guideKeys.questionnaire }) });

  const submit = async () => {
    const found = validateAnswer(questionnaire, draft);
    setProblem(found);
    if (found) {
      void message.warning(found.message);
      return;
    }
    try {
      await submission.mutateAsync({ body: buildSubmission(questionnaire, draft) });
      void message.success(messages.questionnaireSubmitted);
      onSubmitted();
    } catch {
      // The wrapper has shown why.
    }
  };

  return (
    <Modal
      open
      title={questionnaire.title || "满意度调查"}
      onCancel={onCancel}
      maskClosable={false}
      width={480}
      footer={
        <Space>
          <Button onClick={onCancel}>取消</Button>
          <Button type="primary" loading={submission.isPending} onClick={() => void submit()} data-testid="questionnaire-submit">
            提交
          </Button>
        </Space>
      }
    >
      <div data-testid="questionnaire-dialog">
        {questionnaire.questions.map((q) => (
          <div key={q.questionId} style={{ marginBottom: 16 }}>
            <Typography.Paragraph strong style={{ marginBottom: 8 }}>
              {q.required && <span style={{ color: "#ff4d4f", marginRight: 4 }}>*</span>}
              {q.content}
            </Typography.Paragraph>
            {q.type === "singleChoice" ? (
              <Space size={12} wrap role="radiogroup" aria-label={q.content}>
                {q.choices.map((choice, i) => {
                  const selected = draft.choices[q.questionId] ?? null;
                  const index = q.choices.findIndex((c) => c.choiceId === selected);
                  const lit = index >= 0 && i <= index;
                  return (
                    <button
                      key={choice.choiceId}
                      type="button"
                      role="radio"
                      aria-checked={selected === choice.choiceId}
                      title={choice.content}
                      data-testid={`questionnaire-star-${choice.choiceId}`}
                      onClick={() => {
                        setDraft((d) => ({ ...d, choices: { ...d.choices, [q.questionId]: toggleChoice(d.choices[q.questionId] ?? null, choice.choiceId) } }));
                        setProblem(null);
                      }}
                      style={{ border: "none", background: "none", cursor: "pointer", padding: 0, textAlign: "center", width: 68, whiteSpace: "nowrap" }}
                    >
                      {lit ? <StarFilled style={{ fontSize: 28, color: "#fadb14" }} /> : <StarOutlined style={{ fontSize: 28, color: "#bfbfbf" }} />}
                      <div style={{ fontSize: 12, color: "#6e6e6e" }}>{choice.content}</div>
                    </button>
                  );
                })}
              </Space>
            ) : (
              <Input.TextArea
                rows={3}
                maxLength={constants.commentMax}
                showCount
                // The 0 / 255 count hangs below the box: room for it, clear of the dialog's buttons.
                style={{ marginBottom: 24 }}
                placeholder={q.choices[0]?.placeholder}
                value={draft.texts[q.questionId] ?? ""}
                onChange={(e) => setDraft((d) => ({ ...d, texts: { ...d.texts, [q.questionId]: e.target.value } }))}
              />
            )}
            {problem?.questionId === q.questionId && (
              <Typography.Text type="danger" style={{ display: "block", marginTop: 4 }}>
                {problem.message}
              </Typography.Text>
            )}
          </div>
        ))}
      </div>
    </Modal>
  );
}
