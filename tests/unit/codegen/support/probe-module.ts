// A small module of one resource, written into a temporary project copy: valid as given, and the
// base the broken-schema tests change one thing in.
export const PROBE_MODULE = "codegenProbe";
export const PROBE_FILE = `schemas/modules/${PROBE_MODULE}.yaml`;

export interface ProbeParts {
  titleField?: string;
  priceField?: string;
  statusField?: string;
}

export function probeModule(parts: ProbeParts = {}): string {
  return `# Written by the codegen tests.
module: ${PROBE_MODULE}
title: 探针模块
order: 5000
routes:
  - path: /codegenProbe/gadgets
    code: HBLPROBE01
    title: 探针物品
    resource: probeGadgets
resources:
  - name: probeGadgets
    service: property
    label: 探针物品
    scope: community
    fields:
      - ${parts.titleField ?? "{ name: title, type: string, label: 标题, required: true, rule: name, maxLength: 32, list: true }"}
      - ${parts.priceField ?? "{ name: price, type: money, label: 单价, rule: amount, list: true }"}
      - ${parts.statusField ?? "{ name: status, type: integer, label: 状态, mapping: roomStatus, default: 1, list: true }"}
`;
}
