import ipaddr from 'ipaddr.js'

// A minimal writer of the MaxMind DB format (https://maxmind.github.io/MaxMind-DB/), so the
// visitor-insights tests can build small country and ASN databases instead of checking in
// licensed GeoLite2 files. It supports what those tests need: a handful of networks, values made
// of maps, arrays, strings, unsigned integers, doubles and booleans, record sizes 24, 28 and 32,
// and IPv4 or IPv6 trees. No pointers inside the data section: every distinct value is written
// once and the tree points at it.

/** A value of the data section. Integers become uint32 or uint64, other numbers doubles. */
export type MmdbValue =
  | string
  | number
  | boolean
  | MmdbUint
  | MmdbValue[]
  | { [key: string]: MmdbValue }

/** An unsigned integer written as one particular type, as the metadata fields require. */
export class MmdbUint {
  readonly type: 'uint16' | 'uint32' | 'uint64'
  readonly value: number

  constructor(type: 'uint16' | 'uint32' | 'uint64', value: number) {
    this.type = type
    this.value = value
  }
}

/** One network of the database and the record that lookups inside it return. */
export interface MmdbNetwork {
  /** CIDR such as `203.0.113.0/24` or `2001:db8::/32`. */
  network: string
  data: MmdbValue
}

/** What the database holds and how its file is laid out. */
export interface MmdbOptions {
  /** `database_type` of the metadata, e.g. `GeoLite2-Country` or `GeoLite2-ASN`. */
  databaseType: string
  /** 4: an IPv4-only tree of depth 32. 6: depth 128, IPv4 networks filed under `::/96`. */
  ipVersion: 4 | 6
  /** Bits per tree record; 24 by default. */
  recordSize?: 24 | 28 | 32
  /** Networks in any order, but a network must not contain one inserted before it. */
  networks: MmdbNetwork[]
  /** Seconds since the epoch; a fixed default keeps files reproducible. */
  buildEpoch?: number
}

// Data section type numbers of the specification. 8 and above are "extended": the control byte
// carries 0 and the next byte carries the type minus 7.
const TYPE_UTF8 = 2
const TYPE_DOUBLE = 3
const TYPE_UINT16 = 5
const TYPE_UINT32 = 6
const TYPE_MAP = 7
const TYPE_UINT64 = 9
const TYPE_ARRAY = 11
const TYPE_BOOLEAN = 14

/** 16 zero bytes between the search tree and the data section. */
const DATA_SECTION_SEPARATOR = 16
/** `\xAB\xCD\xEF` followed by `MaxMind.com`: where the metadata starts. */
const METADATA_MARKER = Buffer.concat([
  Buffer.from([0xab, 0xcd, 0xef]),
  Buffer.from('MaxMind.com', 'ascii'),
])

// A record in the in-memory tree: a node index (>= 0), nothing, or a value of the data section.
const EMPTY = -1
const dataRecord = (valueIndex: number): number => -2 - valueIndex
const isDataRecord = (record: number): boolean => record <= -2
const valueIndexOf = (record: number): number => -2 - record

/** The bytes of a `.mmdb` file holding `options.networks`. */
export function writeMmdb(options: MmdbOptions): Buffer {
  const recordSize = options.recordSize ?? 24

  // Node 0 is the root. Each node holds [left record, right record].
  const nodes: [number, number][] = [[EMPTY, EMPTY]]
  const values: MmdbValue[] = []
  const valueIndexByKey = new Map<string, number>()

  for (const { network, data } of options.networks) {
    const key = JSON.stringify(data)
    let valueIndex = valueIndexByKey.get(key)
    if (valueIndex === undefined) {
      valueIndex = values.push(data) - 1
      valueIndexByKey.set(key, valueIndex)
    }
    const { bits, prefixLength } = networkBits(network, options.ipVersion)
    let node = 0
    for (let depth = 0; depth < prefixLength; depth++) {
      const side = bits[depth] as 0 | 1
      const current = nodes[node] as [number, number]
      const record = current[side]
      if (depth === prefixLength - 1) {
        if (record >= 0) throw new Error(`${network} contains a network inserted before it`)
        current[side] = dataRecord(valueIndex)
        break
      }
      if (record >= 0) {
        node = record
        continue
      }
      // A broader network already ends here: split it so both halves keep its value.
      const next = nodes.push([record, record]) - 1
      current[side] = next
      node = next
    }
  }

  // The data section: every distinct value once; tree records point at their offsets.
  const encodedValues = values.map(encodeValue)
  const offsets: number[] = []
  let offset = 0
  for (const encoded of encodedValues) {
    offsets.push(offset)
    offset += encoded.length
  }
  const nodeCount = nodes.length
  const recordValue = (record: number): number => {
    if (record === EMPTY) return nodeCount // "no data" is the node count itself
    if (isDataRecord(record)) {
      return nodeCount + DATA_SECTION_SEPARATOR + (offsets[valueIndexOf(record)] as number)
    }
    return record
  }

  const nodeBytes = recordSize / 4 // two records per node
  const tree = Buffer.alloc(nodeCount * nodeBytes)
  nodes.forEach(([left, right], index) => {
    writeNode(tree, index * nodeBytes, recordSize, recordValue(left), recordValue(right))
  })

  // The metadata fields with the types the specification gives them.
  const metadata = encodeValue({
    node_count: new MmdbUint('uint32', nodeCount),
    record_size: new MmdbUint('uint16', recordSize),
    ip_version: new MmdbUint('uint16', options.ipVersion),
    database_type: options.databaseType,
    languages: ['en'],
    binary_format_major_version: new MmdbUint('uint16', 2),
    binary_format_minor_version: new MmdbUint('uint16', 0),
    build_epoch: new MmdbUint('uint64', options.buildEpoch ?? 1_700_000_000),
    description: { en: `pdfx test database (${options.databaseType})` },
  })
  return Buffer.concat([
    tree,
    Buffer.alloc(DATA_SECTION_SEPARATOR),
    ...encodedValues,
    METADATA_MARKER,
    metadata,
  ])
}

/** The leading bits of a CIDR as the tree walks them, IPv4 mapped into `::/96` in IPv6 trees. */
function networkBits(cidr: string, ipVersion: 4 | 6): { bits: number[]; prefixLength: number } {
  const [address, prefix] = ipaddr.parseCIDR(cidr)
  if (prefix === 0) throw new Error('a network must have a prefix of at least one bit')
  const bits: number[] = []
  if (address.kind() === 'ipv4') {
    // Readers look IPv4 addresses up under ::/96 of an IPv6 tree: 96 zero bits come first.
    if (ipVersion === 6) for (let i = 0; i < 96; i++) bits.push(0)
  } else if (ipVersion === 4) {
    throw new Error(`${cidr}: an IPv4 database cannot hold IPv6 networks`)
  }
  for (const byte of address.toByteArray()) {
    for (let bit = 7; bit >= 0; bit--) bits.push((byte >> bit) & 1)
  }
  const offset = address.kind() === 'ipv4' && ipVersion === 6 ? 96 : 0
  return { bits, prefixLength: offset + prefix }
}

/** Writes one node: two big-endian records, which share a middle byte when they are 28 bits. */
function writeNode(tree: Buffer, at: number, recordSize: number, left: number, right: number) {
  if (Math.max(left, right) >= 2 ** recordSize) throw new Error('database too large for records')
  if (recordSize === 24) {
    tree.writeUIntBE(left, at, 3)
    tree.writeUIntBE(right, at + 3, 3)
  } else if (recordSize === 28) {
    // Byte 3 holds the top four bits of the left record, then the top four of the right one.
    tree.writeUIntBE(left & 0xffffff, at, 3)
    tree[at + 3] = ((left >>> 24) << 4) | (right >>> 24)
    tree.writeUIntBE(right & 0xffffff, at + 4, 3)
  } else {
    tree.writeUInt32BE(left, at)
    tree.writeUInt32BE(right, at + 4)
  }
}

/** One value of the data section: control byte(s), size, payload. */
function encodeValue(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const payload = Buffer.from(value, 'utf8')
    return Buffer.concat([control(TYPE_UTF8, payload.length), payload])
  }
  if (typeof value === 'boolean') return control(TYPE_BOOLEAN, value ? 1 : 0) // no payload
  if (value instanceof MmdbUint) {
    const type = { uint16: TYPE_UINT16, uint32: TYPE_UINT32, uint64: TYPE_UINT64 }[value.type]
    const payload = minimalUnsigned(BigInt(value.value))
    return Buffer.concat([control(type, payload.length), payload])
  }
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && value >= 0) {
      return encodeValue(new MmdbUint(value < 2 ** 32 ? 'uint32' : 'uint64', value))
    }
    const payload = Buffer.alloc(8)
    payload.writeDoubleBE(value)
    return Buffer.concat([control(TYPE_DOUBLE, 8), payload])
  }
  if (Array.isArray(value)) {
    return Buffer.concat([control(TYPE_ARRAY, value.length), ...value.map(encodeValue)])
  }
  const entries = Object.entries(value)
  return Buffer.concat([
    control(TYPE_MAP, entries.length), // a map's size is its number of pairs
    ...entries.flatMap(([key, entry]) => [encodeValue(key), encodeValue(entry)]),
  ])
}

/** Big-endian bytes of an unsigned integer without leading zero bytes (zero has none at all). */
function minimalUnsigned(value: bigint): Buffer {
  const bytes: number[] = []
  for (let rest = value; rest > 0n; rest >>= 8n) bytes.unshift(Number(rest & 0xffn))
  return Buffer.from(bytes)
}

/**
 * The control byte of a type and size, with the extended-type byte and the size bytes that
 * follow it. Sizes below 29 fit in the control byte; 29, 30 and 31 announce one, two or three
 * more bytes holding the size minus 29, 285 and 65,821.
 */
function control(type: number, size: number): Buffer {
  const head: number[] = []
  const typeBits = type <= 7 ? type : 0
  let sizeBits: number
  const sizeBytes: number[] = []
  if (size < 29) {
    sizeBits = size
  } else if (size < 285) {
    sizeBits = 29
    sizeBytes.push(size - 29)
  } else if (size < 65_821) {
    sizeBits = 30
    const rest = size - 285
    sizeBytes.push(rest >> 8, rest & 0xff)
  } else {
    sizeBits = 31
    const rest = size - 65_821
    sizeBytes.push((rest >> 16) & 0xff, (rest >> 8) & 0xff, rest & 0xff)
  }
  head.push((typeBits << 5) | sizeBits)
  if (type > 7) head.push(type - 7)
  return Buffer.from([...head, ...sizeBytes])
}
