/**
 * `create_order`: a tool with a deliberately rich input schema (nested
 * objects, arrays of objects, string maps, a oneOf union, nullable and enum
 * fields) so an inspector's form generator has something to chew on.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { stableHash } from '../stable-hash.ts';

const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

// A discriminated union becomes `oneOf` in the advertised JSON Schema.
const shippingSchema = z
  .discriminatedUnion('method', [
    z.object({ method: z.literal('standard') }).describe('Standard shipping (3–5 business days)'),
    z
      .object({
        method: z.literal('express'),
        deliverBy: z.iso.datetime().describe('Latest delivery time (ISO 8601, UTC)'),
      })
      .describe('Express shipping with a delivery deadline'),
  ])
  .describe('How the order ships');

const orderInputShape = {
  customer: z
    .object({
      name: z.string().min(1).describe('Full name'),
      email: z.email().describe('Contact e-mail address'),
    })
    .describe('Who places the order'),
  items: z
    .array(
      z.object({
        sku: z.string().min(1).describe('Stock keeping unit, e.g. "MUG-001"'),
        quantity: z.number().int().min(1).describe('How many'),
        options: z
          .record(z.string(), z.string())
          .optional()
          .describe('Free-form options such as {"color": "red", "size": "L"}'),
      }),
    )
    .min(1)
    .describe('Line items (at least one)'),
  shipping: shippingSchema,
  notes: z.string().nullable().optional().describe('Optional note for the warehouse, or null'),
  priority: z.enum(PRIORITIES).default('normal').describe('Processing priority'),
};

const orderOutputShape = {
  orderId: z.string(),
  customerEmail: z.string(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  shippingMethod: z.enum(['standard', 'express']),
  deliverBy: z.string().nullable(),
  priority: z.enum(PRIORITIES),
  notes: z.string().nullable(),
};

/** Registers `create_order`. */
export function registerOrderTool(server: McpServer): void {
  server.registerTool(
    'create_order',
    {
      title: 'Create order',
      description:
        'Pretends to place an order (nothing is stored). Exercises nested objects, arrays, maps, oneOf, nullable and enum inputs.',
      inputSchema: z.object(orderInputShape),
      outputSchema: z.object(orderOutputShape),
      // Not idempotent: a real shop would create a new order on every call.
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (order) => {
      const totalQuantity = order.items.reduce((sum, item) => sum + item.quantity, 0);
      const summary = {
        orderId: `ORD-${stableHash(JSON.stringify(order)).toString(16).toUpperCase().padStart(8, '0')}`,
        customerEmail: order.customer.email,
        lineCount: order.items.length,
        totalQuantity,
        shippingMethod: order.shipping.method,
        deliverBy: order.shipping.method === 'express' ? order.shipping.deliverBy : null,
        priority: order.priority,
        notes: order.notes ?? null,
      };
      const shippingText =
        order.shipping.method === 'express'
          ? `express, by ${order.shipping.deliverBy}`
          : 'standard (3–5 business days)';
      const text =
        `Order ${summary.orderId} for ${order.customer.name} <${order.customer.email}>: ` +
        `${summary.lineCount} line(s), ${totalQuantity} item(s), shipping ${shippingText}, priority ${order.priority}.`;
      return { content: [{ type: 'text', text }], structuredContent: summary };
    },
  );
}
