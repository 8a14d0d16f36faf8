import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The frame of the sign-in pages: a centred card with a title. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Container size={480} py={{ base: 32, sm: 72 }} w="100%">
      <Paper withBorder shadow="sm" radius="xl" p={{ base: "lg", sm: 36 }}>
        <Stack gap="lg">
          <div>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" mt={6}>
                {subtitle}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
