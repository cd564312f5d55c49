// Before each test file: exceljs's streaming reader mended before anything loads exceljs (core/documents/exceljs.ts).
import { mendExceljs } from '../../src/core/documents/exceljs';

mendExceljs();
