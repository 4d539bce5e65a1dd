import type { SubmissionResult } from "@conform-to/react";
import type { ClientStatus } from "#db/vocabulary.ts";
import type { ChannelTrialResult } from "~/channels/channel-trial.server.ts";
import { ChannelsTab, type ChannelsResult } from "~/channels/components/channels-tab.tsx";
import { AccessLogTab } from "~/privacy/components/access-log-tab.tsx";
import { DeliveryTab } from "~/leads/components/delivery-tab.tsx";
import { VisitorDataTab } from "~/privacy/components/visitor-data-tab.tsx";
import { TrainingHistoryCard } from "~/training/components/training-history.tsx";
import type { ClientPageData } from "../client-page.server.ts";
import { ClientOverview } from "./client-overview.tsx";
import { ClientSessions } from "./client-sessions.tsx";
import { ClientSettings } from "./client-settings.tsx";
import { ClientTraining } from "./client-training.tsx";
import { ClientUsage } from "./client-usage.tsx";

/** The client page's chosen tab. */
export function ClientTabPanel({
  data: loaded,
  confirmStatus,
  deliveryResult,
  channelsResult,
  channelTrial,
  confirmErase,
  eraseError,
}: {
  data: ClientPageData;
  confirmStatus: ClientStatus | undefined;
  deliveryResult: SubmissionResult<string[]> | undefined;
  channelsResult: ChannelsResult | undefined;
  channelTrial: ChannelTrialResult | undefined;
  confirmErase: { kind: string; q: string } | undefined;
  eraseError: string | undefined;
}) {
  switch (loaded.view.tab) {
    case "overview":
      return <ClientOverview data={loaded} totals={loaded.view.totals} />;
    case "usage":
      return <ClientUsage data={loaded} days={loaded.view.days} monthTokens={loaded.view.monthTokens} />;
    case "sessions":
      return <ClientSessions data={loaded} sessions={loaded.view.sessions} />;
    case "training":
      return (
        <div className="space-y-6">
          <ClientTraining clientId={loaded.client.id} training={loaded.view.training} />
          <TrainingHistoryCard history={loaded.view.history} timeZone={loaded.timeZone} now={loaded.now} />
        </div>
      );
    case "delivery":
      return <DeliveryTab data={loaded} delivery={loaded.view.delivery} lastResult={deliveryResult} />;
    case "channels":
      return (
        <ChannelsTab
          clientId={loaded.client.id}
          channels={loaded.view.channels}
          lastResult={channelsResult}
          trial={channelTrial}
        />
      );
    case "privacy":
      return (
        <VisitorDataTab
          data={loaded}
          privacy={loaded.view.privacy}
          confirmErase={confirmErase}
          eraseError={eraseError}
          paths={{
            tabPath: `/admin/clients/${loaded.client.id}?tab=privacy`,
            exportPath: `/admin/clients/${loaded.client.id}/visitor-data/export`,
            searchFields: { tab: "privacy" },
          }}
        />
      );
    case "settings":
      return <ClientSettings data={loaded} history={loaded.view.history} confirmStatus={confirmStatus} />;
    case "access":
      return <AccessLogTab clientId={loaded.client.id} timeZone={loaded.timeZone} accessLog={loaded.view.accessLog} />;
  }
}
