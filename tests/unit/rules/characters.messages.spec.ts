// Spec §5 character checks: special-character variants (输入信息不能为空, 内容不能含有特殊字符,
// 内容含有特殊字符), emoji, control characters, username, digits only, digits and letters.
import { characterCases } from "./cases/characters.ts";
import { proveRules } from "./support/prove-rules.ts";

proveRules(characterCases);
