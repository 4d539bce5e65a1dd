import { Ban, CheckCircle2, Mail, ShieldCheck, ShieldOff } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { BUSINESS_ROLES, isBusinessRole, TEAM_ROLES, type PersonRole } from "#db/vocabulary.ts";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { NativeSelect } from "~/components/ui/field.tsx";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { MemberStatus } from "../team.server.ts";

export type TeamMember = {
  id: number;
  name: string;
  username: string;
  email: string | null;
  role: PersonRole;
  status: MemberStatus;
  lastSignInAt: Date | string | null;
  secondFactor: boolean;
};

const STATUS_TONES: Record<MemberStatus, BadgeTone> = {
  active: "success",
  pending: "info",
  expired: "warning",
  disabled: "danger",
};

/** The team: one row (a card on a phone) per person, with what may be changed about them. */
export function TeamTable({ members, me, timeZone }: { members: TeamMember[]; me: number; timeZone: string }) {
  const { t, i18n } = useTranslation("team");
  const columns: Column<TeamMember>[] = [
    {
      key: "name",
      header: t("table.name"),
      cell: (member) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            <bdi>{member.name}</bdi>
            {member.id === me ? (
              <span className="ms-2 text-xs font-normal text-slate-500">{t("table.you")}</span>
            ) : null}
          </p>
          <p className="text-slate-600 break-all" dir="ltr">
            {member.email ?? member.username}
          </p>
        </div>
      ),
    },
    { key: "role", header: t("table.role"), cell: (member) => <RoleForm member={member} /> },
    {
      key: "status",
      header: t("table.status"),
      cell: (member) => <Badge tone={STATUS_TONES[member.status]}>{t(`status.${member.status}`)}</Badge>,
    },
    {
      key: "lastSignIn",
      header: t("table.lastSignIn"),
      className: "whitespace-nowrap",
      cell: (member) =>
        member.lastSignInAt ? (
          <bdi>{formatDateTime(member.lastSignInAt, i18n.language, timeZone)}</bdi>
        ) : (
          <span className="text-slate-500">{t("table.never")}</span>
        ),
    },
    {
      key: "secondFactor",
      header: t("table.secondFactor"),
      cell: (member) =>
        member.secondFactor ? (
          <span className="inline-flex items-center gap-1 text-emerald-800">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            {t("table.secondFactorOn")}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 text-slate-600">
            <ShieldOff className="h-4 w-4" aria-hidden="true" />
            {t("table.secondFactorOff")}
          </span>
        ),
    },
    { key: "actions", header: t("table.actions"), cell: (member) => <MemberActions member={member} /> },
  ];
  return <ResponsiveTable rows={members} columns={columns} rowKey={(member) => member.id} label={t("table.label")} />;
}

function usePendingFor(id: number) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("operatorId") === String(id);
}

/** The role, changed with its own small form (a button, so it works without JavaScript). */
function RoleForm({ member }: { member: TeamMember }) {
  const { t } = useTranslation("team");
  const pending = usePendingFor(member.id);
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="changeRole" />
      <input type="hidden" name="operatorId" value={member.id} />
      <NativeSelect
        name="role"
        defaultValue={member.role}
        key={member.role}
        aria-label={t("table.roleOf", { name: member.name })}
        className="w-auto min-w-28"
      >
        {(isBusinessRole(member.role) ? BUSINESS_ROLES : TEAM_ROLES).map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="secondary" disabled={pending}>
        {t("actions.saveRole")}
      </Button>
    </Form>
  );
}

function MemberActions({ member }: { member: TeamMember }) {
  const { t } = useTranslation("team");
  const pending = usePendingFor(member.id);
  const invited = member.status === "pending" || member.status === "expired";
  return (
    <div className="flex flex-wrap gap-2">
      {invited ? (
        <MemberButton member={member} intent="resend" disabled={pending}>
          <Mail className="h-4 w-4" aria-hidden="true" />
          {t("actions.resend")}
        </MemberButton>
      ) : null}
      {member.status === "disabled" ? (
        <MemberButton member={member} intent="enable" disabled={pending}>
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          {t("actions.enable")}
        </MemberButton>
      ) : (
        <MemberButton member={member} intent="disable" disabled={pending} danger>
          <Ban className="h-4 w-4" aria-hidden="true" />
          {t("actions.disable")}
        </MemberButton>
      )}
    </div>
  );
}

function MemberButton({
  member,
  intent,
  disabled,
  danger,
  children,
}: {
  member: TeamMember;
  intent: "resend" | "enable" | "disable";
  disabled: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("team");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="operatorId" value={member.id} />
      <Button
        type="submit"
        size="sm"
        variant={danger ? "danger" : "secondary"}
        disabled={disabled}
        aria-label={t(`actions.${intent}Named`, { name: member.name })}
      >
        {children}
      </Button>
    </Form>
  );
}
