import type { CreditBundle, PremadeFamily, SubscriptionPlan } from "@atrium/domain";
import { districtMessages } from "@atrium/domain/messages/district";
import type {
  DistrictCart,
  DistrictWizardState,
  DistrictWizardStep,
  StepProblems,
} from "@atrium/domain/rules/district-wizard";
import type { PremadeCharge } from "@atrium/domain/rules/premade-price";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { runtimeConfig } from "../../app/runtime-config";
import { CreditBundlePicker, formatMoney } from "../../features/credits/CreditBundlePicker";

// The wizard's four steps (spec 1 §2): General, Space slots, Premade spaces, Overview.

type Change = (patch: Partial<DistrictWizardState>) => void;

function StepHeading({ step }: { step: DistrictWizardStep }) {
  return (
    <Title order={2} size="h3">
      {districtMessages.wizardSteps[step]}
    </Title>
  );
}
const credits = (value: number) => value.toLocaleString("en");
/** "1 credit", "1,200 credits": the count picks the form, the number is shown grouped. */
const creditsText = (t: TFunction, count: number) =>
  t("districtWizard.credits", { count, formatted: credits(count) });

/** General: title, subdomain and public or private, with the spec's messages under each. */
export function GeneralStep({
  state,
  problems,
  onChange,
}: {
  state: DistrictWizardState;
  problems: StepProblems;
  onChange: Change;
}) {
  const { t } = useTranslation();
  const address = `${state.subdomain || "your-district"}.${runtimeConfig.baseDomain}`;
  return (
    <Stack gap="md" maw={560}>
      <StepHeading step="general" />
      <TextInput
        label={t("districtWizard.title")}
        placeholder={t("districtWizard.titlePlaceholder")}
        value={state.title}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
        error={problems.title}
        required
        maxLength={80}
      />
      <TextInput
        label={t("districtWizard.subdomain")}
        description={t("districtWizard.subdomainHint", { address })}
        value={state.subdomain}
        onChange={(event) => onChange({ subdomain: event.currentTarget.value })}
        error={problems.subdomain}
        required
        maxLength={80}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      <Radio.Group
        label={t("districtWizard.visibility")}
        value={state.public}
        onChange={(value) => onChange({ public: value as "true" | "false" })}
        error={problems.public}
        required
      >
        <Stack gap="xs" mt="xs">
          <Radio value="true" label={t("districtWizard.public")} />
          <Radio value="false" label={t("districtWizard.private")} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

/** Space slots: what the district has, and how many more to buy. */
export function SlotsStep({
  state,
  slotPrice,
  have,
  max,
  onChange,
}: {
  state: DistrictWizardState;
  slotPrice: number;
  have: number;
  max: number;
  onChange: Change;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={560}>
      <StepHeading step="spaceSlots" />
      <Text>
        {state.mode === "create"
          ? t("districtWizard.slotsIntro", { count: have })
          : t("districtWizard.slotsHave", { count: have })}
      </Text>
      <NumberInput
        label={t("districtWizard.extraSlots")}
        description={t("districtWizard.perSlot", { price: credits(slotPrice) })}
        value={state.extraSlots}
        onChange={(value) =>
          onChange({ extraSlots: Math.max(0, Math.min(max, Math.floor(Number(value) || 0))) })
        }
        min={0}
        max={max}
        allowDecimal={false}
        allowNegative={false}
        w={200}
      />
      {state.extraSlots > 0 && <Text fw={600}>{creditsText(t, state.extraSlots * slotPrice)}</Text>}
    </Stack>
  );
}

/** Premade spaces: the free one (create mode) and more to buy, each once. */
export function PremadeStep({
  state,
  families,
  problems,
  onChange,
}: {
  state: DistrictWizardState;
  families: PremadeFamily[];
  problems: StepProblems;
  onChange: Change;
}) {
  const { t } = useTranslation();
  const templates = families.flatMap((family) =>
    family.templates.map((template) => ({
      ...template,
      cover: template.coverPhoto ?? family.coverPhoto,
    })),
  );
  const inCart = (id: string) => state.templates.some((entry) => entry.spaceTemplateId === id);
  const toggle = (template: (typeof templates)[number]) =>
    onChange({
      templates: inCart(template.spaceTemplateId)
        ? state.templates.filter((entry) => entry.spaceTemplateId !== template.spaceTemplateId)
        : [
            ...state.templates,
            {
              spaceTemplateId: template.spaceTemplateId,
              districtItemId: template.districtItemId ?? "",
              title: template.title,
              priceCoin: template.districtPrice,
            },
          ],
    });
  return (
    <Stack gap="md">
      <StepHeading step="premadeSpaces" />
      {state.mode === "create" && (
        <Radio.Group
          value={state.freeSpaceTemplateId}
          onChange={(value) =>
            onChange({
              freeSpaceTemplateId: value,
              // the free one is not bought as well
              templates: state.templates.filter((entry) => entry.spaceTemplateId !== value),
            })
          }
          label={t("districtWizard.freePremade")}
          description={t("districtWizard.freePremadeHint")}
          error={problems.freeSpaceTemplateId}
          data-testid="district-free-premade"
        >
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} mt="sm" spacing="sm">
            {templates.map((template) => (
              <Radio.Card
                key={template.spaceTemplateId}
                value={template.spaceTemplateId}
                radius="lg"
                p={0}
                withBorder
                data-testid="district-premade-card"
                data-template-id={template.spaceTemplateId}
                aria-label={template.title}
              >
                <TemplateFace template={template}>
                  <Group justify="space-between" wrap="nowrap">
                    <Radio.Indicator />
                    <Badge variant="light" color="teal">
                      {t("districtWizard.free")}
                    </Badge>
                  </Group>
                </TemplateFace>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
      <div>
        <Text fw={500} size="sm">
          {t("districtWizard.morePremade")}
        </Text>
        <Text c="dimmed" size="xs">
          {t("districtWizard.morePremadeHint")}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {templates
          .filter((template) => template.spaceTemplateId !== state.freeSpaceTemplateId)
          .filter((template) => template.districtItemId !== null)
          .map((template) => (
            <Card key={template.spaceTemplateId} withBorder radius="lg" p={0}>
              <TemplateFace template={template}>
                <Group justify="space-between" gap={6}>
                  <Text size="sm" fw={600}>
                    {creditsText(t, template.districtPrice)}
                  </Text>
                  <Button
                    size="compact-sm"
                    px="sm"
                    variant={inCart(template.spaceTemplateId) ? "filled" : "light"}
                    onClick={() => toggle(template)}
                    aria-pressed={inCart(template.spaceTemplateId)}
                    aria-label={`${t("districtWizard.addToCart")} ${template.title}`}
                  >
                    {inCart(template.spaceTemplateId)
                      ? t("districtWizard.inCart")
                      : t("districtWizard.addToCart")}
                  </Button>
                </Group>
              </TemplateFace>
            </Card>
          ))}
      </SimpleGrid>
    </Stack>
  );
}

function TemplateFace({
  template,
  children,
}: {
  template: { title: string; size: string; tier: string; cover: string | null };
  children: React.ReactNode;
}) {
  return (
    <Stack gap={6} p="sm">
      {template.cover && <Image src={template.cover} alt="" h={90} radius="md" fit="cover" />}
      <Text fw={600} size="sm" lineClamp={2}>
        {template.title}
      </Text>
      <Badge
        size="sm"
        variant="outline"
        color={template.tier === "Premium" ? "grape" : "gray"}
        w="fit-content"
      >
        {template.tier}
      </Badge>
      {children}
    </Stack>
  );
}

/** Overview: the choices, the cart and what must be paid first (a plan, a credit package). */
export function OverviewStep({
  state,
  cart,
  slotPrice,
  charge,
  balance,
  missing,
  isPro,
  proPlan,
  bundles,
  planPriceId,
  bundlePriceId,
  onPlan,
  onBundle,
}: {
  state: DistrictWizardState;
  cart: DistrictCart;
  slotPrice: number;
  /** The cart as it will be charged (`districtCartCharge`: Pro's first premade space free). */
  charge: { total: number; premade: PremadeCharge[] };
  balance: number;
  missing: number;
  isPro: boolean;
  proPlan: SubscriptionPlan | null;
  bundles: CreditBundle[];
  planPriceId: string | null;
  bundlePriceId: string | null;
  onPlan: (priceId: string) => void;
  onBundle: (priceId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (price: { price: number; currency: string }) =>
    formatMoney(price.price, price.currency, i18n.language);
  const lines = [
    ...cart.slots.map((line) => ({
      key: line.districtItemId,
      label: t("districtWizard.line", {
        title: districtMessages.wizardSteps.spaceSlots,
        quantity: line.quantity,
      }),
      value: line.quantity * slotPrice,
    })),
    ...state.templates.map((template, index) => {
      const charged = charge.premade[index];
      const note =
        charged?.reason === "free"
          ? t("districtWizard.lineFree")
          : charged?.reason === "owned"
            ? t("districtWizard.lineOwned")
            : null;
      const line = t("districtWizard.line", { title: template.title, quantity: 1 });
      return {
        key: template.spaceTemplateId,
        label: note ? `${line} (${note})` : line,
        value: charged?.credits ?? template.priceCoin,
      };
    }),
  ];
  const total = charge.total;
  return (
    <Stack gap="lg">
      <StepHeading step="overview" />
      {state.mode === "create" && (
        <Stack gap={2}>
          <Text fw={700}>{state.title}</Text>
          <Text c="dimmed" size="sm">
            {`${state.subdomain}.${runtimeConfig.baseDomain}`} ·{" "}
            {state.public === "false" ? t("districtWizard.private") : t("districtWizard.public")}
          </Text>
        </Stack>
      )}
      <div>
        <Text fw={600} mb="xs">
          {t("districtWizard.cart")}
        </Text>
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("districtWizard.cartEmpty")}
          </Text>
        ) : (
          <Table data-testid="district-cart">
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.key}>
                  <Table.Td>{line.label}</Table.Td>
                  <Table.Td ta="right">{creditsText(t, line.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Table mt="xs" data-testid="district-cart-totals">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td fw={700}>{t("districtWizard.total")}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="district-cart-total">
                {creditsText(t, total)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t("districtWizard.balance")}</Table.Td>
              <Table.Td ta="right">{creditsText(t, balance)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t("districtWizard.missing")}</Table.Td>
              <Table.Td ta="right" data-testid="district-cart-missing">
                {creditsText(t, missing)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </div>
      {!isPro && (
        <Radio.Group
          label={t("districtWizard.plan")}
          description={t("districtWizard.planHint")}
          value={planPriceId}
          onChange={onPlan}
          data-testid="district-plan"
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
            {proPlan?.year && (
              <Radio.Card value={proPlan.year.priceId} p="md" radius="md" withBorder>
                <Group wrap="nowrap">
                  <Radio.Indicator />
                  <Text>{t("districtWizard.yearly", { price: money(proPlan.year) })}</Text>
                </Group>
              </Radio.Card>
            )}
            {proPlan?.month && (
              <Radio.Card value={proPlan.month.priceId} p="md" radius="md" withBorder>
                <Group wrap="nowrap">
                  <Radio.Indicator />
                  <Text>{t("districtWizard.monthly", { price: money(proPlan.month) })}</Text>
                </Group>
              </Radio.Card>
            )}
          </SimpleGrid>
        </Radio.Group>
      )}
      {missing > 0 && (
        <Stack gap="xs">
          <Text fw={500} size="sm">
            {t("districtWizard.bundle")}
          </Text>
          <Alert color="orange">
            {t("districtWizard.bundleHint", { missing: credits(missing) })}
          </Alert>
          <CreditBundlePicker
            bundles={bundles}
            value={bundlePriceId}
            onChange={onBundle}
            missingCredits={missing}
          />
        </Stack>
      )}
    </Stack>
  );
}
