import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'

const mode = process.argv[2] ?? 'styled'
const n = 100_000
const stream = new PassThrough()
const chunks: Buffer[] = []
stream.on('data', (c: Buffer) => chunks.push(c))
const done = new Promise((r) => stream.on('end', r))
const dateStyle = { numFmt: 'yyyy-mm-dd hh:mm:ss' }
const plain = {}
const t = performance.now()
const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
  stream,
  useStyles: mode !== 'nostyles',
  useSharedStrings: false,
  zip: { zlib: { level: Number(process.argv[3] ?? 6) } } as never,
})
const sheet = wb.addWorksheet('q')
sheet.columns = Array.from({ length: 12 }, (_, i) => ({
  key: `c${i}`,
  width: 14,
  ...(i === 0 && mode !== 'nostyles' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
}))
for (let i = 0; i < n; i++) {
  const row = sheet.addRow([
    new Date(1767225600000 + i * 60000),
    `q${i}`,
    `Customer ${i}`,
    `98765${i}`,
    '500081',
    'residential',
    '₹1500 - ₹2500',
    '',
    3 + (i % 7),
    'current',
    '',
    'yes',
  ])
  if (mode === 'shared')
    row.eachCell((cell, col) => {
      cell.style = col === 1 ? dateStyle : plain
    })
  row.commit()
}
sheet.commit()
await wb.commit()
await done
console.log(
  mode,
  process.argv[3],
  ((performance.now() - t) / 1000).toFixed(2),
  's',
  Buffer.concat(chunks).length,
  'bytes',
  (process.resourceUsage().maxRSS / 1024).toFixed(0),
  'MB',
)
